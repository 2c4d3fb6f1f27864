#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file operations that make notebook writes crash safe and that refuse files turned against
/// the user, on POSIX calls so that every step (and every error number) is explicit.
///
/// No operation follows a symbolic link at a notebook's own paths (`O_NOFOLLOW`), opens anything
/// but a regular file (`fstat` after `open`; `O_NONBLOCK`, so that a FIFO cannot block the
/// `open`), or reads more than ``NotebookLimits/maximumFileBytes``; each refusal names the path.
package nonisolated enum FileIO {
  /// The contents of `path`, or `nil` when no such file exists.
  package static func readIfPresent(_ path: String) throws(NotebookError) -> [UInt8]? {
    try readWithIdentity(path)?.bytes
  }

  /// What a read tells of the file beyond its identity: its stamp (the whole seconds of its
  /// modification time, which ``writeAtomically(to:temporaryPrefix:in:contents:)`` sets) and how
  /// many names it has.
  package struct Facts: Sendable {
    package var stamp: UInt64
    package var links: UInt64
  }

  /// The contents of `path` and the identity of the file they were read from (which a path
  /// alone cannot give: the file may be replaced in between), or `nil` when no such file exists.
  package static func readWithIdentity(_ path: String) throws(NotebookError) -> (
    bytes: [UInt8], identity: FileIdentity, facts: Facts
  )? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT { return nil }
      throw refusal(path, code: code, reading: true)
    }
    defer { close(descriptor) }
    let info = try regularFileStatus(descriptor, path: path)
    let limit = NotebookLimits.maximumFileBytes
    if Int(info.st_size) > limit { throw .fileTooLarge(path: path, bytes: Int(info.st_size)) }
    let (contents, failure) = readBounded(descriptor, limit: limit)
    if let code = failure { throw .unreadableFile(path: path, reason: text(of: code), code: code) }
    // The file grew while being read: still bounded.
    if contents.count > limit { throw .fileTooLarge(path: path, bytes: contents.count) }
    let facts = Facts(
      stamp: UInt64(truncatingIfNeeded: modificationSeconds(info)),
      links: UInt64(truncatingIfNeeded: info.st_nlink))
    return (contents, FileIdentity(info), facts)
  }

  /// Up to `limit` + 1 bytes of `descriptor` (one over, so that the caller can tell it is too
  /// long), and the `errno` of a read that failed, if one did: `ETIMEDOUT` when no byte came
  /// for `idleLimit`.
  ///
  /// A non-blocking descriptor (a pipe a shell left `O_NONBLOCK`) answers `EAGAIN` while its
  /// writer pauses: that is "no data yet", never the end, so the read waits for data with `poll`
  /// and goes on. Only `read` returning 0 ends the input.
  package static func readBounded(
    _ descriptor: Int32, limit: Int, idleLimit: Duration = .seconds(600)
  ) -> (bytes: [UInt8], failure: Int32?) {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      // SAFETY: `read` writes at most the length passed, never more than the array's own buffer,
      // valid inside the closure.
      let count = chunk.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress, min($0.count, limit + 1 - bytes.count))
      }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN || code == EWOULDBLOCK {
          if let failure = awaitData(descriptor, idleLimit: idleLimit) { return (bytes, failure) }
          continue
        }
        return (bytes, code)
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    return (bytes, nil)
  }

  /// Waits until `descriptor` has data, or its writer closed it; `ETIMEDOUT` after `idleLimit`.
  private static func awaitData(_ descriptor: Int32, idleLimit: Duration) -> Int32? {
    let (seconds, attoseconds) = idleLimit.components
    let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let ready = poll(&entry, 1, milliseconds)
      if ready > 0 { return nil }  // data, or a hang-up that the next read sees as the end
      if ready == 0 { return ETIMEDOUT }
      let code = errno
      if code != EINTR { return code }
    }
  }

  /// Whether anything (a file, a link, a FIFO) exists at `path`, without following a link.
  /// The whole seconds of `info`'s modification time.
  private static func modificationSeconds(_ info: stat) -> Int {
    #if canImport(Darwin)
      Int(info.st_mtimespec.tv_sec)
    #else
      Int(info.st_mtim.tv_sec)
    #endif
  }

  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Replaces `path` with `bytes` so that, after a crash at any moment, the file holds either its
  /// old or its new contents, and once this returns the new contents survive a power loss:
  /// write a temporary file, fsync it, rename it over `path`, fsync the directory.
  ///
  /// Errors name `path`, never the temporary file, which is removed.
  package static func writeAtomically(
    _ bytes: [UInt8], to path: String, temporaryPrefix: String, in directory: String
  ) throws(NotebookError) {
    try writeAtomically(to: path, temporaryPrefix: temporaryPrefix, in: directory) { _, _ in bytes }
  }

  /// Like ``writeAtomically(_:to:temporaryPrefix:in:)``, with contents that may name the
  /// identity of the file they go to (the rename keeps it) and its stamp, the modification time
  /// in whole seconds it is given once written; `contents` may refuse by throwing.
  ///
  /// The stamp tells this file from a copy put in its place later with the same inode (a backup
  /// copied back once the file system reused the inode): a copy's modification time is the time
  /// of the copy. Even seconds, so that a file system that keeps two-second times keeps it.
  package static func writeAtomically(
    to path: String, temporaryPrefix: String, in directory: String,
    contents: (FileIdentity, UInt64) throws(NotebookError) -> [UInt8]
  ) throws(NotebookError) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let stamp = UInt64(max(0, now.tv_sec)) / 2 * 2
    let temporary = "\(directory)/\(temporaryPrefix)\(getpid())-\(NoteID.make())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if descriptor < 0 { throw .unwritableFile(path: path, reason: text(of: errno)) }
    func fail(_ code: Int32) -> NotebookError {
      close(descriptor)
      unlink(temporary)
      return .unwritableFile(path: path, reason: text(of: code))
    }
    let bytes: [UInt8]
    do {
      bytes = try contents(FileIdentity(try regularFileStatus(descriptor, path: path)), stamp)
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    if bytes.count > NotebookLimits.maximumFileBytes {
      close(descriptor)
      unlink(temporary)
      throw .notebookWouldBeTooLarge(path: path, bytes: bytes.count)
    }
    var written = 0
    while written < bytes.count {
      // SAFETY: `written < count`, so the pointer and length stay inside the array's buffer,
      // valid inside the closure; `bytes` is not empty here, so `baseAddress` is not nil.
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw fail(code)
      }
      written += count
    }
    // The file it replaces keeps its mode (a rename would give it the temporary file's 0600).
    var replaced = stat()
    if lstat(path, &replaced) == 0, replaced.st_mode & S_IFMT == S_IFREG,
      fchmod(descriptor, replaced.st_mode & 0o7777) != 0
    {
      throw fail(errno)
    }
    let time = timespec(tv_sec: Int(stamp), tv_nsec: 0)
    let times = [time, time]
    if futimens(descriptor, times) != 0 { throw fail(errno) }
    if fsync(descriptor) != 0 { throw fail(errno) }
    if close(descriptor) != 0 {
      let code = errno
      unlink(temporary)
      throw .unwritableFile(path: path, reason: text(of: code))
    }
    if rename(temporary, path) != 0 {
      let code = errno
      unlink(temporary)
      throw .unwritableFile(path: path, reason: text(of: code))
    }
    try syncDirectory(directory)
  }

  /// Creates `path` and its missing parents, readable by the owner only.
  package static func createDirectory(_ path: String) throws(NotebookError) {
    var info = stat()
    if stat(path, &info) == 0 {
      if info.st_mode & S_IFMT == S_IFDIR { return }
      throw .unwritableFile(path: path, reason: "it exists and is not a directory")
    }
    let parent = parentDirectory(of: path)
    if parent != path { try createDirectory(parent) }
    if mkdir(path, 0o700) != 0 && errno != EEXIST {
      throw .unwritableFile(path: path, reason: text(of: errno))
    }
  }

  /// The names of the entries of `path`, or none when it does not exist.
  package static func entries(of path: String) throws(NotebookError) -> [String] {
    guard let directory = opendir(path) else {
      let code = errno
      if code == ENOENT { return [] }
      throw .unreadableFile(path: path, reason: text(of: code), code: code)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      // SAFETY: `readdir`'s entry stays valid until the next `readdir` or `closedir`, and the
      // name is read only up to its NUL, inside the fixed-size `d_name` field.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Deletes leftovers of writes interrupted by a crash; call it holding the notebook's lock, when
  /// no other writer can have a temporary file with this prefix in flight.
  package static func removeTemporaries(prefix: String, in directory: String) {
    for name in (try? entries(of: directory)) ?? [] where name.hasPrefix(prefix) {
      unlink("\(directory)/\(name)")
    }
  }

  /// The device and inode of what `path` names (following links: a directory given on the
  /// command line may be a link), or `nil` when nothing is there.
  package static func identity(of path: String) -> FileIdentity? {
    var info = stat()
    return stat(path, &info) == 0 ? FileIdentity(info) : nil
  }

  package static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `fstat` of an open descriptor, refusing anything but a regular file.
  package static func regularFileStatus(_ descriptor: Int32, path: String) throws(NotebookError)
    -> stat
  {
    var info = stat()
    if fstat(descriptor, &info) != 0 {
      let code = errno
      throw .unreadableFile(path: path, reason: text(of: code), code: code)
    }
    let type = info.st_mode & S_IFMT
    guard type == S_IFREG else { throw .notRegularFile(path: path, kind: describe(type)) }
    return info
  }

  /// The error for an `open` of `path` that failed with `code`.
  package static func refusal(_ path: String, code: Int32, reading: Bool) -> NotebookError {
    if code == ELOOP { return .symbolicLink(path: path) }
    if code == ENXIO { return .notRegularFile(path: path, kind: "a socket or a device") }
    return reading
      ? .unreadableFile(path: path, reason: text(of: code), code: code)
      : .unwritableFile(path: path, reason: text(of: code))
  }

  package static func text(of code: Int32) -> String {
    String(cString: strerror(code))
  }

  private static func describe(_ type: mode_t) -> String {
    switch type {
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO (named pipe)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    case S_IFLNK: return "a symbolic link"
    default: return "an unknown kind of file"
    }
  }

  private static func syncDirectory(_ directory: String) throws(NotebookError) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if descriptor < 0 { throw .unwritableFile(path: directory, reason: text(of: errno)) }
    defer { close(descriptor) }
    if fsync(descriptor) != 0 { throw .unwritableFile(path: directory, reason: text(of: errno)) }
  }
}

/// What makes two paths the same file: its device and inode.
package nonisolated struct FileIdentity: Equatable, Sendable {
  package let device: UInt64
  package let inode: UInt64

  package init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
