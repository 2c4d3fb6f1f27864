#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file operations that make notebook writes crash safe, on POSIX calls so that every step
/// (and every error number) is explicit.
enum FileIO {
  /// The contents of `path`, or `nil` when no such file exists.
  static func readIfPresent(_ path: String) throws(NotebookError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw .unreadableFile(path: path, reason: errorText())
    }
    defer { close(descriptor) }
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadableFile(path: path, reason: errorText())
      }
      if count == 0 { return contents }
      contents.append(contentsOf: chunk[0..<count])
    }
  }

  /// Replaces `path` with `bytes` so that, after a crash at any moment, the file holds either its
  /// old or its new contents, and once this returns the new contents survive a power loss:
  /// write a temporary file, fsync it, rename it over `path`, fsync the directory.
  static func writeAtomically(
    _ bytes: [UInt8], to path: String, temporaryPrefix: String, in directory: String
  ) throws(NotebookError) {
    let temporary = "\(directory)/\(temporaryPrefix)\(getpid())-\(NoteID.make())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor < 0 { throw .unwritableFile(path: temporary, reason: errorText()) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        let reason = errorText()
        close(descriptor)
        unlink(temporary)
        throw .unwritableFile(path: temporary, reason: reason)
      }
      written += count
    }
    if fsync(descriptor) != 0 {
      let reason = errorText()
      close(descriptor)
      unlink(temporary)
      throw .unwritableFile(path: temporary, reason: reason)
    }
    close(descriptor)
    if rename(temporary, path) != 0 {
      let reason = errorText()
      unlink(temporary)
      throw .unwritableFile(path: path, reason: reason)
    }
    try syncDirectory(directory)
  }

  /// Runs `body` holding an exclusive `flock` on `lockPath`, which every process writing the
  /// notebook takes; the kernel releases it if the process dies.
  static func withExclusiveLock<R>(_ lockPath: String, _ body: () throws -> R) throws -> R {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if descriptor < 0 { throw NotebookError.unwritableFile(path: lockPath, reason: errorText()) }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      if errno != EINTR {
        throw NotebookError.unwritableFile(path: lockPath, reason: errorText())
      }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// Creates `path` and its missing parents, readable by the owner only.
  static func createDirectory(_ path: String) throws(NotebookError) {
    var isDirectory = stat()
    if stat(path, &isDirectory) == 0 {
      if isDirectory.st_mode & S_IFMT == S_IFDIR { return }
      throw .unwritableFile(path: path, reason: "it exists and is not a directory")
    }
    let parent = parentDirectory(of: path)
    if parent != path { try createDirectory(parent) }
    if mkdir(path, 0o700) != 0 && errno != EEXIST {
      throw .unwritableFile(path: path, reason: errorText())
    }
  }

  /// The names of the entries of `path`, or none when it does not exist.
  static func entries(of path: String) throws(NotebookError) -> [String] {
    guard let directory = opendir(path) else {
      if errno == ENOENT { return [] }
      throw .unreadableFile(path: path, reason: errorText())
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Deletes leftovers of writes interrupted by a crash; call it holding the notebook's lock, when
  /// no other writer can have a temporary file in flight.
  static func removeTemporaries(prefix: String, in directory: String) {
    for name in (try? entries(of: directory)) ?? [] where name.hasPrefix(prefix) {
      unlink("\(directory)/\(name)")
    }
  }

  static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private static func syncDirectory(_ directory: String) throws(NotebookError) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor < 0 { throw .unwritableFile(path: directory, reason: errorText()) }
    defer { close(descriptor) }
    if fsync(descriptor) != 0 { throw .unwritableFile(path: directory, reason: errorText()) }
  }

  private static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
