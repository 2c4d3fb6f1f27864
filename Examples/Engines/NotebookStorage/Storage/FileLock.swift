#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long a command waits for a notebook's lock held by another process, and where it says so.
///
/// A process that was stopped (Ctrl-Z, `kill -STOP`) keeps its lock; so after ``noticeAfter`` the
/// waiting command names the lock file and the holder's process id, and after ``giveUpAfter`` it
/// fails with ``NotebookError/lockTimeout(path:holder:seconds:)``, changing nothing.
package nonisolated struct LockWait: Sendable {
  /// The Notebook program's policy: a notice after 2 seconds, give up after 30.
  package static let standard = LockWait()

  package var noticeAfter: Duration = .seconds(2)
  package var giveUpAfter: Duration = .seconds(30)
  /// Receives the one notice of a long wait.
  package var notice: @Sendable (String) -> Void = { _ in }

  package init(
    noticeAfter: Duration = .seconds(2), giveUpAfter: Duration = .seconds(30),
    notice: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.noticeAfter = noticeAfter
    self.giveUpAfter = giveUpAfter
    self.notice = notice
  }
}

/// Exclusive `flock`s on lock files, which every process changing a notebook takes; the kernel
/// releases them when the process dies.
package nonisolated enum FileLock {
  /// Runs `body` holding exclusive locks on every path of `paths`, taken in path order so that two
  /// commands locking the same files never deadlock.
  ///
  /// Each lock file is opened without following a link (a dangling link never makes Notebook
  /// create its target) and must be a regular file; two paths that are one file (a hard link, or a
  /// remote that is the local directory under another name) are refused instead of deadlocking.
  ///
  /// Waiting for a lock suspends the task instead of sleeping its thread: a command can wait up
  /// to ``LockWait/giveUpAfter`` for a stopped process, and a thread of Swift's cooperative pool
  /// held that long would starve every other task, the one that would release the lock among
  /// them. `body` is synchronous, so nothing else runs on the thread while the locks are held.
  package static func withExclusiveLocks<R>(
    _ paths: [String], wait: LockWait, _ body: () throws -> R
  ) async throws -> R {
    var descriptors: [(path: String, descriptor: Int32, identity: FileIdentity)] = []
    defer { for entry in descriptors { close(entry.descriptor) } }
    for path in paths.sorted() {
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
      if descriptor < 0 { throw FileIO.refusal(path, code: errno, reading: false) }
      let info: stat
      do {
        info = try FileIO.regularFileStatus(descriptor, path: path)
      } catch {
        close(descriptor)
        throw error
      }
      let identity = FileIdentity(info)
      if let same = descriptors.first(where: { $0.identity == identity }) {
        close(descriptor)
        throw NotebookError.sameFile(path: same.path, other: path)
      }
      descriptors.append((path, descriptor, identity))
    }
    for entry in descriptors { try await acquire(entry.descriptor, path: entry.path, wait: wait) }
    defer { for entry in descriptors.reversed() { flock(entry.descriptor, LOCK_UN) } }
    return try body()
  }

  /// Takes the lock, polling so that a long wait can be reported and bounded, then records this
  /// process's id in the file for the next waiter's message.
  ///
  /// - Throws: `CancellationError` when the task is cancelled while it waits (nothing changed).
  private static func acquire(_ descriptor: Int32, path: String, wait: LockWait) async throws {
    let clock = ContinuousClock()
    let start = clock.now
    var pause = Duration.milliseconds(1)
    var noticed = false
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK || code == EAGAIN else {
        throw NotebookError.unwritableFile(path: path, reason: FileIO.text(of: code))
      }
      let waited = clock.now - start
      // The notice comes first, so that a wait that overshot both limits (a busy machine) still
      // says what it waited for before it gives up.
      if !noticed && waited >= wait.noticeAfter {
        noticed = true
        let who = holder(descriptor).map { "process \($0)" } ?? "another process"
        wait.notice(
          """
          Notebook: waiting for the lock \(path), held by \(who); giving up after \
          \(wait.giveUpAfter.components.seconds) seconds.
          """)
      }
      if waited >= wait.giveUpAfter {
        throw NotebookError.lockTimeout(
          path: path, holder: holder(descriptor), seconds: Int(wait.giveUpAfter.components.seconds))
      }
      try await Task.sleep(for: pause, clock: clock)
      pause = min(pause * 2, .milliseconds(50))
    }
    let record = Array("\(getpid())\n".utf8)
    if ftruncate(descriptor, 0) == 0 {
      // SAFETY: `pwrite` reads `count` bytes from the array's own buffer, valid in the closure.
      _ = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    }
  }

  /// The process id the lock's holder recorded, if it did.
  private static func holder(_ descriptor: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 16)
    // SAFETY: `pread` writes at most `count` bytes into the array's own buffer, valid in the
    // closure.
    let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    let digits = buffer[0..<count].prefix { $0 >= 0x30 && $0 <= 0x39 }
    return Int32(String(decoding: digits, as: UTF8.self)).flatMap { $0 > 0 ? $0 : nil }
  }
}
