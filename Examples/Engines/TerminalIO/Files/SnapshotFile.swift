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
/// The path must name a regular file or nothing yet, in a folder that exists. A rename replaces
/// a symbolic link planted at the path later instead of writing through it, and the temporary
/// file is created with `O_EXCL | O_NOFOLLOW`, so nothing is ever written through a link.
public nonisolated struct SnapshotFile: Sendable {
  /// Why the file cannot be used; the message says what to do.
  public struct Refusal: Error, CustomStringConvertible {
    /// What is wrong, and what to do.
    public let description: String
  }

  /// The file's path, as given.
  public let path: String
  private let folder: String

  /// Checks that `path` can hold a snapshot, without writing anything yet.
  public init(path: String) throws(Refusal) {
    guard !path.isEmpty, !path.hasSuffix("/") else {
      throw Refusal(description: "--snapshot needs a file name, e.g. `--snapshot tree.json`")
    }
    self.path = path
    let shown = TerminalText.escaped(path, limit: 200)
    let slash = path.lastIndex(of: "/")
    folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    var info = stat()
    if lstat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw Refusal(
          description: "--snapshot \(shown) is not a regular file (a link, a folder or a "
            + "device); give the path of a regular file, or of one to create")
      }
    } else if errno != ENOENT || stat(folder, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
      throw Refusal(
        description: "--snapshot \(shown): its folder does not exist; create it first")
    }
  }

  /// Replaces the file with `bytes`; on failure the old snapshot stays and nothing is left behind.
  public func replace(with bytes: [UInt8]) throws(Refusal) {
    let temporary = "\(folder)/.snapshot-\(getpid())-\(UInt32.random(in: .min ... .max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw refusal(errno) }
    var written = 0
    while written < bytes.count {
      // SAFETY: `written < bytes.count`, so the range stays inside the array's buffer, valid in
      // the closure; the array is not empty here, so `baseAddress` is not nil.
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let code = count < 0 ? errno : EIO
        close(descriptor)
        unlink(temporary)
        throw refusal(code)
      }
      written += count
    }
    guard close(descriptor) == 0, rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw refusal(code)
    }
  }

  private func refusal(_ code: Int32) -> Refusal {
    Refusal(
      description: "cannot write the snapshot \(TerminalText.escaped(path, limit: 200)): "
        + String(cString: strerror(code)))
  }
}
