import Foundation

/// A temporary folder, removed when the value is released.
final class ScratchFolder {
  let path: String

  init() throws {
    path = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "napkin-tools-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `contents` at `relative`, creating folders on the way, and returns the full path.
  @discardableResult
  func write(_ relative: String, _ contents: String) throws -> String {
    try write(relative, data: Data(contents.utf8))
  }

  @discardableResult
  func write(_ relative: String, data: Data) throws -> String {
    let file = (path as NSString).appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: file))
    return file
  }

  func exists(_ relative: String) -> Bool {
    FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(relative))
  }
}
