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

  /// The bytes of the regular file at `path`, at most `limit` of them.
  ///
  /// `O_NOFOLLOW` unless `followingLink` (a path the user typed may be a link; one met inside a
  /// folder is not followed), and `O_NONBLOCK`, so that a FIFO opens at once and is refused by
  /// `fstat` instead of blocking the read. One byte more than the bound is asked for, so that a
  /// file still growing cannot slip past it.
  static func read(
    _ path: String, limit: Int, followingLink: Bool = false
  ) throws(Refusal) -> Data {
    let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW)
    let descriptor = open(path, flags)
    guard descriptor >= 0 else {
      throw errno == ELOOP && !followingLink ? .symbolicLink : .cannotOpen(errno: errno)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw .notRegularFile
    }
    guard Int(info.st_size) <= limit else { throw .tooLarge }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    guard let data = try? handle.read(upToCount: limit + 1) ?? Data(), data.count <= limit else {
      throw .cannotReadToTheEnd
    }
    return data
  }
}
