import Foundation
import NotebookStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A notebook lock held by the test, as a stopped process would hold it: an `flock` on its own
/// open file, which conflicts with every other open of the file, in this process too.
final class HeldLock: Sendable {
  private let descriptor: Int32

  /// Takes the lock at `path`, recording this process's id as Notebook does.
  init(_ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    descriptor = open(path, O_RDWR | O_CREAT, 0o600)
    guard descriptor >= 0, flock(descriptor, LOCK_EX) == 0 else {
      throw CocoaError(.fileWriteUnknown)
    }
    let pid = Array("\(getpid())\n".utf8)
    // SAFETY: `pwrite` reads at most `count` bytes from the buffer, which `withUnsafeBytes` keeps
    // alive and unchanged until the call returns; nothing keeps the pointer after it.
    _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
  }

  func release() {
    flock(descriptor, LOCK_UN)
  }

  deinit {
    close(descriptor)
  }
}
