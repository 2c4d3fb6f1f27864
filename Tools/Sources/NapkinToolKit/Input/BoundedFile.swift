import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a regular file of bounded size: the one way the tool opens what a user names, Swift
/// sources and tree snapshots alike. Each caller says in its own words what a refusal means.
enum BoundedFile {
  /// Why a file was not read.
  enum Refusal: Error, Equatable {
    /// The path is a symbolic link, and links are not followed here.
    case symbolicLink
    /// `open` failed with this error number (missing, no permission...).
    case cannotOpen(errno: Int32)
    /// A folder, a FIFO, a device or a socket.
    case notRegularFile
    /// Larger than the bound before reading.
    case tooLarge
    /// A read failed, or the file grew past the bound while it was read.
    case cannotReadToTheEnd
  }

  /// Which file a path named when it was read, and what it allowed: enough to tell later that
  /// the path still names the same file, and to give a replacement the same owner and mode.
  struct Status: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var owner: uid_t
    var group: gid_t
    /// The permission bits, setuid, setgid and sticky included.
    var mode: mode_t
    var links: UInt64

    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      owner = info.st_uid
      group = info.st_gid
      mode = info.st_mode & 0o7777
      links = UInt64(info.st_nlink)
    }

    /// Whether both name one file: the same device and inode.
    func isSameFile(as other: Status) -> Bool {
      device == other.device && inode == other.inode
    }
  }

  /// A regular file, open for reading, closed when this value ends.
  struct Opened: ~Copyable {
    let descriptor: Int32
    let status: Status
    private let limit: Int

    fileprivate init(descriptor: Int32, status: Status, limit: Int) {
      self.descriptor = descriptor
      self.status = status
      self.limit = limit
    }

    deinit { close(descriptor) }

    /// Every byte from the start, or a refusal when a read fails or there are more than the
    /// bound. One byte more than the bound is asked for, so that a file still growing cannot
    /// slip past it.
    func readAll() throws(Refusal) -> Data {
      let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
      guard lseek(descriptor, 0, SEEK_SET) == 0,
        let data = try? handle.read(upToCount: limit + 1) ?? Data(), data.count <= limit
      else { throw .cannotReadToTheEnd }
      return data
    }
  }

  /// The bytes of the regular file at `path`, at most `limit` of them, and which file it was.
  static func readWithStatus(
    _ path: String, limit: Int, followingLink: Bool = false
  ) throws(Refusal) -> (data: Data, status: Status) {
    let file = try open(path, limit: limit, followingLink: followingLink)
    return (try file.readAll(), file.status)
  }

  /// Opens the regular file at `path` for reading, refusing anything else before a byte is read.
  ///
  /// `O_NOFOLLOW` unless `followingLink` (a path the user typed may be a link; one met inside a
  /// folder is not followed), and `O_NONBLOCK`, so that a FIFO opens at once and is refused by
  /// `fstat` instead of blocking the open or the read.
  static func open(
    _ path: String, limit: Int, followingLink: Bool = false
  ) throws(Refusal) -> Opened {
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW)
    let descriptor = Foundation.open(path, flags)
    guard descriptor >= 0 else {
      throw errno == ELOOP && !followingLink ? .symbolicLink : .cannotOpen(errno: errno)
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notRegularFile
    }
    guard Int(info.st_size) <= limit else {
      close(descriptor)
      throw .tooLarge
    }
    return Opened(descriptor: descriptor, status: Status(info), limit: limit)
  }
}
