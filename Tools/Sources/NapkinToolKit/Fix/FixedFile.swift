import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file as the analysis of `napkin fix` read it, and its new text: the one place fix touches
/// the disk.
///
/// The edits are computed from the bytes the analysis parsed, never from a second read. Before
/// anything is written every file is checked to be still the file read (same device and inode),
/// holding the same bytes, with one name, writable by its mode and owned by whoever runs fix
/// (root keeps the owner); then every new text is written beside its file; then, file by file,
/// the check is made again under a lock and the new file renamed over the old. A rename gives
/// readers the old or the new file, never half of one, and keeps the owner, group and mode.
struct FixedFile {
  var path: String
  var original: SourceLoader.ReadSource
  var bytes: [UInt8]
  var reports: [(position: SourcePosition, text: String)]

  /// Called with each path right before its last check and its rename. Tests edit the file there
  /// to play an editor that saves at the worst moment.
  @TaskLocal static var beforeCommitting: (@Sendable (String) -> Void)?

  /// The file at `path` as the analysis read it.
  static func read(
    _ path: String, in sources: [String: SourceLoader.ReadSource]
  ) throws(UsageError) -> SourceLoader.ReadSource {
    guard let source = sources[path] else {
      throw UsageError(
        message: path == "<stdin>"
          ? "standard input cannot be fixed; pass the file itself"
          : "the analysis did not read it; run napkin fix again")
    }
    return source
  }

  /// Writes every file, or says on standard error which were changed and which were not.
  ///
  /// - Returns: whether all of them were written.
  static func writeAll(_ files: [FixedFile], console: inout some Console) -> Bool {
    for file in files {
      do {
        try check(file)
      } catch {
        console.writeError(
          "napkin: error: cannot fix \(TerminalText.name(file.path)): \(error.message); "
            + "nothing was changed\n")
        return false
      }
    }
    // A write past `ulimit -f` raises SIGXFSZ, which would end the process between two files;
    // ignored, the write fails with EFBIG and is reported.
    _ = signal(SIGXFSZ, SIG_IGN)
    var temporaries: [String] = []
    for file in files {
      do {
        temporaries.append(try writeBeside(file))
      } catch {
        for temporary in temporaries { unlink(temporary) }
        console.writeError(
          "napkin: error: cannot write the fixed \(TerminalText.name(file.path)): "
            + "\(error.message); nothing was changed\n")
        return false
      }
    }
    for (index, file) in files.enumerated() {
      do {
        try commit(file, from: temporaries[index])
      } catch {
        for temporary in temporaries[index...] { unlink(temporary) }
        // Which files the run changed before it stopped, and which it left as they were.
        let list = { (part: ArraySlice<FixedFile>) in
          part.map { TerminalText.name($0.path) }.joined(separator: ", ")
        }
        console.writeError(
          "napkin: error: stopped at \(TerminalText.name(file.path)): \(error.message)\n"
            + (index == 0
              ? "napkin: nothing was changed\n"
              : "napkin: fixed and written: \(list(files[..<index]))\n"
                + "napkin: not changed: \(list(files[index...])); run napkin fix again for them\n"))
        return false
      }
    }
    return true
  }

  // MARK: Checks

  /// Refuses, in words that say how to go on, a file fix should not or cannot replace.
  private static func check(_ file: FixedFile) throws(UsageError) {
    let opened = try openSame(file)
    let status = opened.status
    if status.links > 1 {
      throw UsageError(
        message: "it has \(status.links) names (hard links), and fix replaces a file by a "
          + "rename, which would leave the other names with the old text; edit it by hand, or "
          + "give it a name of its own (cp FILE FILE.copy && mv FILE.copy FILE) and run napkin "
          + "fix again")
    }
    let user = geteuid()
    if user != 0, status.owner != user {
      throw UsageError(
        message: "it belongs to user \(status.owner), and the fixed file would belong to you; "
          + "run napkin fix as its owner")
    }
    // Root may write anything: it is held to the owner's write permission.
    let writable = user == 0 ? status.mode & S_IWUSR != 0 : access(file.path, W_OK) == 0
    guard writable else {
      throw UsageError(
        message: "it is read-only (mode \(String(status.mode, radix: 8))), and fix changes "
          + "only files you may write; make it writable (chmod u+w) to have it fixed")
    }
  }

  /// The file at the path, open, if it is still the one the analysis read and holds the same
  /// bytes; a FIFO or anything else not a regular file is refused without waiting on it.
  private static func openSame(_ file: FixedFile) throws(UsageError) -> BoundedFile.Opened {
    let opened: BoundedFile.Opened
    do {
      opened = try BoundedFile.open(file.path, limit: SourceLoader.maximumFileSize)
    } catch {
      switch error {
      case .symbolicLink:
        throw UsageError(
          message: "it is a symbolic link, which fix never writes through; pass the file it "
            + "points to")
      case .cannotOpen(let code):
        throw UsageError(
          message: "it cannot be opened any more (\(String(cString: strerror(code)))); it was "
            + "moved or removed since napkin read it")
      case .notRegularFile:
        throw UsageError(
          message: "it is no longer a regular file (a FIFO, a folder, a device or a socket took "
            + "its place since napkin read it)")
      case .tooLarge, .cannotReadToTheEnd:
        throw changedSinceRead
      }
    }
    let data: Data
    do {
      data = try opened.readAll()
    } catch {
      throw changedSinceRead
    }
    guard opened.status.isSameFile(as: file.original.status),
      data.elementsEqual(file.original.bytes)
    else { throw changedSinceRead }
    return opened
  }

  private static let changedSinceRead = UsageError(
    message: "it changed since napkin read it (someone saved it, or another file took its "
      + "name); run napkin fix again")

  // MARK: Writing

  /// Writes the new text to a new file beside the old one, with the old one's owner, group and
  /// mode, flushed to the disk; returns its path.
  private static func writeBeside(_ file: FixedFile) throws(UsageError) -> String {
    let folder = (file.path as NSString).deletingLastPathComponent
    let temporary = (folder.isEmpty ? "." : folder) + "/.napkin-fix-\(UUID().uuidString)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw UsageError(message: "cannot create a file in its folder: \(words(errno))")
    }
    defer { close(descriptor) }
    let status = file.original.status
    var failure = Descriptor.writeAll(file.bytes, to: descriptor)
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    // The owner before the mode: a change of owner clears setuid and setgid.
    if failure == nil, fchown(descriptor, status.owner, status.group) != 0 {
      let code = errno
      unlink(temporary)
      throw UsageError(
        message: "cannot give the fixed file the owner and group of the old one "
          + "(\(status.owner):\(status.group)): \(words(code)); run napkin fix as its owner")
    }
    if failure == nil, fchmod(descriptor, status.mode) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw UsageError(message: words(failure))
    }
    return temporary
  }

  /// Checks the file again, under a lock that keeps out another `napkin fix`, and renames the
  /// new one over it.
  private static func commit(_ file: FixedFile, from temporary: String) throws(UsageError) {
    beforeCommitting?(file.path)
    let opened = try openSame(file)
    guard flock(opened.descriptor, LOCK_EX | LOCK_NB) == 0 else {
      throw UsageError(message: "another program holds a lock on it; run napkin fix again")
    }
    guard rename(temporary, file.path) == 0 else {
      throw UsageError(message: "cannot replace it: \(words(errno))")
    }
  }

  /// An error number in words, with what to do where the cause is a limit.
  static func words(_ code: Int32) -> String {
    switch code {
    case EFBIG:
      "the file-size limit of this process (ulimit -f) cut the write short; raise it"
    case ENOSPC: "the disk is full; free some space"
    case EDQUOT: "the disk quota is used up; free some space"
    case EROFS: "the file system is read-only"
    case EACCES, EPERM: "no permission (\(String(cString: strerror(code))))"
    default: String(cString: strerror(code))
    }
  }
}
