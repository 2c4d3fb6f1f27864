import Dispatch
import Foundation
import Napkin

/// Components whose factories block on other threads, in the shapes apps write: the deadlocks a
/// wiring library that holds a lock around its factories would add.

/// A factory that hands work to the main thread with `DispatchQueue.main.sync`.
final class MainSyncComponent: EmptyComponent, @unchecked Sendable {
  // SAFETY: `@unchecked Sendable` as inherited from `Component`; the `let` is Sendable.
  let entered = DispatchSemaphore(value: 0)

  var viaMain: Token {
    shared {
      entered.signal()
      let name = DispatchQueue.main.sync { "main-made" }
      return Token(name)
    }
  }
}

/// Factories that wait for another key built elsewhere: by a detached task (a semaphore bridge
/// from async code), by a thread of their own, or by a task while the cooperative pool is busy.
final class BridgingComponent: EmptyComponent, @unchecked Sendable {
  var bridgedThroughATask: Token {
    shared {
      bridged { built in
        Task.detached {
          _ = self.other
          built.signal()
        }
      }
    }
  }

  var bridgedThroughAThread: Token {
    shared {
      let other = UnrelatedComponent()
      return bridged { built in
        Thread.detachNewThread {
          _ = other.service
          built.signal()
        }
      }
    }
  }

  /// Fills the cooperative pool with builds of other keys, then awaits a task with a semaphore.
  var bridgedWhileThePoolBuilds: Token {
    shared {
      for number in 0..<16 {
        Task.detached { _ = self.numbered(number) }
      }
      return bridged { built in
        Task {
          _ = self.other
          built.signal()
        }
      }
    }
  }

  var other: Token { shared { Token("other") } }

  /// Starts work that signals `built` when it is done, and waits for it: the factory's bridge.
  private func bridged(_ start: (DispatchSemaphore) -> Void) -> Token {
    let built = DispatchSemaphore(value: 0)
    start(built)
    built.wait()
    return Token("bridged")
  }

  func numbered(_ number: Int) -> Token {
    shared(forCallerKey: "numbered \(number)") { Token("\(number)") }
  }
}

/// A component of a tree of its own, with one key that needs nothing.
final class UnrelatedComponent: EmptyComponent, @unchecked Sendable {
  var service: Token { shared { Token("unrelated") } }
}

/// Two threads that meet inside two trees' factories: each claims its key, waits until the other
/// has claimed its own, then asks for the other's.
final class CrossTreeRendezvous: Sendable {
  let leftClaimed = DispatchSemaphore(value: 0)
  let rightClaimed = DispatchSemaphore(value: 0)
}

let crossTreeRendezvous = CrossTreeRendezvous()
let leftTree = LeftTreeComponent()
let rightTree = RightTreeComponent()

final class LeftTreeComponent: EmptyComponent, @unchecked Sendable {
  var left: Token {
    shared {
      crossTreeRendezvous.leftClaimed.signal()
      crossTreeRendezvous.rightClaimed.wait()
      return Token(rightTree.right.name)
    }
  }
}

final class RightTreeComponent: EmptyComponent, @unchecked Sendable {
  var right: Token {
    shared {
      crossTreeRendezvous.rightClaimed.signal()
      crossTreeRendezvous.leftClaimed.wait()
      return Token(leftTree.left.name)
    }
  }
}

/// Stops the process with a message if it is still running after `seconds`: a child process
/// whose body hangs then fails its exit test instead of hanging the suite.
func exitIfStillRunning(after seconds: Double, _ what: String) {
  Thread.detachNewThread {
    Thread.sleep(forTimeInterval: seconds)
    FileHandle.standardError.write(Data("hung: \(what)\n".utf8))
    exit(70)
  }
}

/// Waits for `semaphore` without blocking a thread of the cooperative pool.
func waitOnDispatchThread(_ semaphore: DispatchSemaphore) async {
  await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
    DispatchQueue.global().async {
      semaphore.wait()
      resumed.resume()
    }
  }
}

/// The size of the main thread's stack: the process's stack limit, as the kernel gives it.
func mainThreadStackSize() -> Int {
  var limit = rlimit()
  getrlimit(Int32(RLIMIT_STACK.rawValue), &limit)
  // An unlimited stack is reported as the largest value; a main thread then gets 8 MiB.
  return limit.rlim_cur > UInt(Int.max) ? 8 << 20 : Int(limit.rlim_cur)
}

/// Whether this process runs under AddressSanitizer, whose runtime defines `__asan_init`.
func addressSanitizerIsActive() -> Bool {
  dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
}

/// Runs `body` on a thread of its own and waits for it without blocking a thread of the
/// cooperative pool, whose threads the body's factories may need.
func onAThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) async {
  let finished = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    body()
    finished.signal()
  }
  await waitOnDispatchThread(finished)
}
