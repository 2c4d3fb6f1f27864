import Dispatch
import Foundation
import Napkin
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes of stack per level of a chain of nested factories, Napkin's against hand wiring's, in
/// the configuration this binary was built in (`swift run --package-path Benchmarks
/// NapkinBenchmarks --stack` for debug, `-c release` for release), and the depth each reaches on
/// the stacks of the main thread, of a `Thread` and of a task.
enum StackPerLevel {
  static func run(scale _: Scale) -> Report {
    let depth = 1_000
    let hand = bytesPerLevel(depth: depth) {
      var node: any HandLinkParent = ProbedHandLinkRoot()
      for _ in 0..<depth { node = HandLinkNode(parent: node) }
      return node.link
    }
    let napkin = bytesPerLevel(depth: depth) {
      var node: any LinkDependency = ProbedLinkRootComponent()
      for _ in 0..<depth { node = LinkComponent(dependency: node) }
      return node.link
    }
    let mainStack = mainThreadStackSize()
    let threadStack = Box()
    let started = DispatchSemaphore(value: 0)
    Thread {
      threadStack.value = currentStackSize()
      started.signal()
    }.start()
    started.wait()
    let taskStack = Box()
    let taskDone = DispatchSemaphore(value: 0)
    Task.detached {
      taskStack.value = currentStackSize()
      taskDone.signal()
    }
    taskDone.wait()
    for (name, size) in [
      ("main thread", mainStack), ("Thread", threadStack.value), ("task", taskStack.value),
    ] {
      print(
        "  \(name): \(size / 1024) KiB of stack; a hand-wired chain reaches about "
          + "\(size / max(hand, 1)) levels, Napkin's about \(size / max(napkin, 1))")
    }
    return Report(
      scenario: "Stack per level of a \(depth)-deep chain of nested factories",
      unit: "B/level",
      baseline: .init(subject: "hand wiring (lazy var)", value: Double(hand)),
      others: [.init(subject: "Napkin Component.shared", value: Double(napkin))])
  }

  /// The stack that `resolve` used below this frame, per level: the lowest address a chain's root
  /// factory recorded (``StackProbe``), against this frame's.
  private static func bytesPerLevel(depth: Int, _ resolve: () -> Link) -> Int {
    var anchor = 0
    let top = withUnsafeMutablePointer(to: &anchor) { UInt(bitPattern: $0) }
    StackProbe.reset()
    blackHole(resolve())
    return Int(top - StackProbe.lowest) / depth
  }

  private static func mainThreadStackSize() -> Int {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_STACK.rawValue), &limit)
    return Int(limit.rlim_cur)
  }

  /// The size of the calling thread's stack.
  private static func currentStackSize() -> Int {
    #if canImport(Glibc)
      // Glibc's module leaves out the GNU extension `pthread_getattr_np`; it is looked up instead.
      typealias GetAttributes =
        @convention(c) (
          pthread_t, UnsafeMutablePointer<pthread_attr_t>
        ) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else {
        return 0
      }
      // SAFETY: glibc declares `int pthread_getattr_np(pthread_t, pthread_attr_t *)`, the type
      // cast to.
      let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
      var attributes = pthread_attr_t()
      guard getAttributes(pthread_self(), &attributes) == 0 else { return 0 }
      defer { pthread_attr_destroy(&attributes) }
      var size = 0
      pthread_attr_getstacksize(&attributes, &size)
      return size
    #else
      return pthread_get_stacksize_np(pthread_self())
    #endif
  }
}

/// Records the stack address that a chain's root factory, the deepest, runs at.
enum StackProbe {
  private static let recorded = Atomic<UInt>(.max)

  static var lowest: UInt { recorded.load(ordering: .relaxed) }

  // `Atomic<UInt>.min` is not used: on Swift 6.3.1 it compares as signed and keeps `UInt.max`
  // against any smaller value (swiftlang/swift#91176, fixed for 6.4). A root factory runs once
  // per chain, so a plain store records its one address.

  static func reset() { recorded.store(.max, ordering: .relaxed) }

  @inline(never)
  static func record() {
    var local = 0
    let address = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
    recorded.store(address, ordering: .relaxed)
  }
}

/// The root of a hand-wired chain whose factory records where the stack is.
final class ProbedHandLinkRoot: HandLinkParent {
  lazy var link: Link = {
    StackProbe.record()
    return Link(parent: nil)
  }()
}

/// The root of a chain of components whose factory records where the stack is.
final class ProbedLinkRootComponent: EmptyComponent, LinkDependency, @unchecked Sendable {
  // SAFETY: no stored state of its own; Component's proof holds.
  var link: Link {
    shared {
      StackProbe.record()
      return Link(parent: nil)
    }
  }
}

/// A value one thread writes and the scenario reads after a semaphore's wait has ordered it.
private final class Box: @unchecked Sendable {
  // SAFETY: written by one thread before it signals a semaphore, read by the scenario after its
  // wait on that semaphore returns; the semaphore orders the two.
  var value = 0
}
