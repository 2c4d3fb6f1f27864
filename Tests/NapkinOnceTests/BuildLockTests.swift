import Dispatch
import NapkinOnce
import Synchronization
import Testing

@Suite struct BuildLockTests {
  @Test func theHolderReentersTheLockOnItsOwnThread() {
    let lock = BuildLock()
    let depth = lock.run { lock.run { lock.run { 3 } } }
    #expect(depth == 3)
  }

  @Test func twoThreadsNeverHoldTheLockAtOnce() {
    let lock = BuildLock()
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<2_000 {
        lock.run {
          lock.run {
            if inside.add(1, ordering: .relaxed).newValue > 1 {
              overlaps.add(1, ordering: .relaxed)
            }
            inside.subtract(1, ordering: .relaxed)
          }
        }
      }
    }
    #expect(overlaps.load(ordering: .relaxed) == 0)
  }

  @Test func aBuildOfOneKeyWaitsForABuildOfAnotherOnAnotherThread() {
    // The contract's price: builds run one after the other, whatever their keys.
    let store = KeyedInstances<String, String>(ownerType: String.self)
    let slowEntered = DispatchSemaphore(value: 0)
    let releaseSlow = DispatchSemaphore(value: 0)
    let fastDone = Atomic(false)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      _ = store.instance(for: "slow") {
        slowEntered.signal()
        releaseSlow.wait()
        return "slow"
      }
    }
    slowEntered.wait()
    DispatchQueue.global().async(group: group) {
      _ = store.instance(for: "fast") { "fast" }
      fastDone.store(true, ordering: .relaxed)
    }
    #expect(group.wait(timeout: .now() + 0.1) == .timedOut)
    let doneEarly = fastDone.load(ordering: .relaxed)
    #expect(!doneEarly)
    releaseSlow.signal()
    group.wait()
    let done = fastDone.load(ordering: .relaxed)
    #expect(done)
  }
}

@Suite struct EscapedTests {
  @Test func controlCharactersAndBackslashesArePrintedAsSwiftEscapes() {
    #expect(escaped("a\u{1B}[2Jb") == #"a\u{1B}[2Jb"#)
    #expect(escaped("line\rforged\n") == #"line\u{D}forged\u{A}"#)
    #expect(escaped("\u{202E}txt") == #"\u{202E}txt"#)
    #expect(escaped(#"a\b"#) == #"a\\b"#)
    #expect(escaped("Notebook é 📓") == "Notebook é 📓")
  }
}
