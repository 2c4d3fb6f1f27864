import Foundation
import NotebookStorage

@testable import Notebook

/// Notebook files written as a hostile or careless copy would write them, bypassing every check
/// Notebook makes on its own writes.
enum CraftedFiles {
  static func write(_ data: NotebookData, to notebook: NotebookRef) throws {
    try FileIO.createDirectory(notebook.directory)
    try FileIO.writeAtomically(
      NotebookFile.encode(data), to: notebook.file, temporaryPrefix: notebook.temporaryPrefix,
      in: notebook.directory)
  }

  /// A copy of `notebook`'s file made the way a user would, with `cp`: byte for byte, a new file.
  static func copy(_ notebook: NotebookRef, to directory: String) throws {
    try FileIO.createDirectory(directory)
    try FileManager.default.copyItem(
      atPath: notebook.file, toPath: notebook.moved(to: directory).file)
  }
}
