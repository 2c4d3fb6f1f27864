#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file `--snapshot` keeps the live tree's snapshot in, replaced whole after every command,
/// so that a page polling it (`napkin graph --format html` with `?live=`) never reads half a
/// snapshot: each write goes to a new temporary file in the same folder, which is then renamed
/// over the file.
///
/// The path must name nothing yet, or a snapshot the program wrote itself (`isSnapshot` says
/// which files are), in a folder that exists: any other file is the user's, and is never
/// replaced. Before each write, and again just before its rename, the file at the path is read
/// and checked again, so a file put there while the program runs is not replaced either. A file that is replaced keeps its mode; a read-only
/// one, one with another name (a hard link) or one that belongs to another user is refused,
/// since a rename would make it writable, cut the link or change its owner. A rename replaces a
/// symbolic link planted at the path instead of writing through it, and the temporary file is
/// created with `O_EXCL | O_NOFOLLOW`, so nothing is ever written through a link.
///
/// Threading: a value type; one writer.
public nonisolated struct SnapshotFile: Sendable {
  /// Why the file cannot be used; the message says what to do.
  public struct Refusal: Error, CustomStringConvertible {
    /// What is wrong, and what to do.
    public let description: String
  }

  /// The largest file read to tell whether it is a snapshot: anything bigger is not one.
  static let largestSnapshot = 16 << 20

  /// The file's path, as given.
  public let path: String
  private let folder: String
  private let isSnapshot: @Sendable ([UInt8]) -> Bool

  /// Checks that `path` can hold a snapshot, without writing anything yet: nothing is there, or a
  /// file `isSnapshot` recognizes as one this program wrote.
  public init(path: String, isSnapshot: @escaping @Sendable ([UInt8]) -> Bool) throws(Refusal) {
    guard !path.isEmpty, !path.hasSuffix("/") else {
      throw Refusal(description: "--snapshot needs a file name, e.g. `--snapshot tree.json`")
    }
    self.path = path
    self.isSnapshot = isSnapshot
    let slash = path.lastIndex(of: "/")
    folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    var info = stat()
    if lstat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw Refusal(
          description: "--snapshot \(shown) is not a regular file (a link, a folder or a "
            + "device); give the path of a regular file, or of one to create")
      }
      _ = try accepted(info)
    } else if errno != ENOENT || stat(folder, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
      throw Refusal(
        description: "--snapshot \(shown): its folder does not exist; create it first")
    }
  }

  /// Replaces the file with `bytes`; on failure the old file stays and nothing is left behind.
  public func replace(with bytes: [UInt8]) throws(Refusal) {
    let mode = try modeToKeep()
    let temporary = "\(folder)/.snapshot-\(getpid())-\(UInt32.random(in: .min ... .max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw refusal(errno) }
    var written = 0
    var failure: Int32?
    // The mode of the file it replaces, set before any byte is written.
    if let mode, fchmod(descriptor, mode) != 0 { failure = errno }
    while failure == nil && written < bytes.count {
      // SAFETY: `written < bytes.count`, so the range stays inside the array's buffer, valid in
      // the closure; the array is not empty here, so `baseAddress` is not nil.
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        failure = count < 0 ? errno : EIO
        break
      }
      written += count
    }
    if close(descriptor) != 0 && failure == nil { failure = errno }
    // Checked again just before the rename: a file put at the path meanwhile is not replaced.
    if failure == nil {
      do throws(Refusal) {
        _ = try modeToKeep()
      } catch {
        unlink(temporary)
        throw error
      }
    }
    if failure == nil && rename(temporary, path) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw refusal(failure)
    }
  }

  /// The mode of the file at the path, which the next write keeps; `nil` when nothing (or a
  /// symbolic link, which a rename replaces without following) is there. Throws when the file
  /// there is not one this program may replace.
  private func modeToKeep() throws(Refusal) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFLNK else { return nil }
    // Read again every time, not known by its inode: a file the user put there may have the
    // inode of the one this program wrote, which the file system reused.
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw Refusal(
        description: "--snapshot \(shown) is no longer a regular file; snapshots stop here")
    }
    return try accepted(info)
  }

  /// The mode of `info`'s file, a snapshot this program may replace, or why it must not be.
  private func accepted(_ info: stat) throws(Refusal) -> mode_t {
    let keep = "choose another path, or move the file away if you no longer need it"
    guard info.st_uid == geteuid() else {
      throw Refusal(description: "--snapshot \(shown) belongs to another user; \(keep)")
    }
    guard info.st_nlink == 1 else {
      throw Refusal(
        description: "--snapshot \(shown) has other names (hard links), which a new snapshot "
          + "would not reach; \(keep)")
    }
    guard info.st_mode & 0o200 != 0 else {
      throw Refusal(description: "--snapshot \(shown) is read-only; \(keep)")
    }
    guard let contents = readSmall(), isSnapshot(contents) else {
      throw Refusal(
        description: "--snapshot \(shown) holds something other than a snapshot this program "
          + "wrote, and is never replaced; \(keep)")
    }
    return info.st_mode & 0o7777
  }

  /// The file's contents if it is a regular file of at most ``largestSnapshot`` bytes.
  private func readSmall() -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while contents.count <= Self.largestSnapshot {
      // SAFETY: `read` writes at most `count` bytes into the chunk, which outlives the call.
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return count == 0 ? contents : nil }
      contents += chunk[..<count]
    }
    return nil
  }

  private var shown: String { TerminalText.echoed(path) }

  private func refusal(_ code: Int32) -> Refusal {
    Refusal(
      description: "cannot write the snapshot \(shown): " + String(cString: strerror(code)))
  }
}
