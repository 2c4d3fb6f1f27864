import Foundation

/// A file as `napkin fix` read it, and its new text: the one place fix touches the disk.
struct FixedFile {
  /// A file's bytes as read, and the permission bits to give its replacement.
  struct Original {
    var bytes: [UInt8]
    var mode: mode_t
  }

  var path: String
  var original: Original
  var bytes: [UInt8]
  var reports: [(position: SourcePosition, text: String)]

  /// Writes every file, in order; says which file failed and why.
  ///
  /// - Returns: whether all of them were written.
  static func writeAll(_ files: [FixedFile], console: inout some Console) -> Bool {
    for file in files {
      do {
        try write(Data(file.bytes), to: file.path, mode: file.original.mode)
      } catch {
        console.writeError("napkin: error: cannot fix \(file.path): \(error.message)\n")
        return false
      }
    }
    return true
  }

  /// Reads a regular file, never through a symbolic link, up to the loader's limit.
  static func read(_ path: String) throws(UsageError) -> Original {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ELOOP {
        throw UsageError(
          message: "a symbolic link, which fix never writes through; pass the file it points to")
      }
      throw UsageError(message: String(cString: strerror(errno)))
    }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw UsageError(message: "not a regular file")
    }
    guard Int(info.st_size) <= SourceLoader.maximumFileSize,
      let data = try? handle.read(upToCount: SourceLoader.maximumFileSize + 1),
      data.count <= SourceLoader.maximumFileSize
    else { throw UsageError(message: "cannot read it whole") }
    return Original(bytes: [UInt8](data), mode: info.st_mode & 0o7777)
  }

  /// Writes beside the file and renames over it: a reader sees the old or the new file, and a
  /// symbolic link planted at the path is replaced, never followed.
  private static func write(_ data: Data, to path: String, mode: mode_t) throws(UsageError) {
    let folder = (path as NSString).deletingLastPathComponent
    let temporary = (folder.isEmpty ? "." : folder) + "/.napkin-fix-\(UUID().uuidString)"
    do {
      try data.write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
      guard chmod(temporary, mode) == 0, rename(temporary, path) == 0 else {
        throw UsageError(message: String(cString: strerror(errno)))
      }
    } catch {
      unlink(temporary)
      if let usage = error as? UsageError { throw usage }
      throw UsageError(message: error.localizedDescription)
    }
  }
}
