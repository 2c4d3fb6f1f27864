import Dispatch
import Foundation
import Napkin
import Testing

/// Factories that block on other threads complete: no lock is held while a factory runs, so only
/// code that would deadlock without Napkin deadlocks with it. Each case runs in a child process
/// with a watchdog, so a regression fails its test instead of hanging the suite.
@Suite struct BlockingFactoryExitTests {
  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func aFactoryThatSyncsWithTheMainThreadCompletesWhileTheMainThreadBuilds() async {
      await #expect(processExitsWith: .success) {
        exitIfStillRunning(after: 60, "DispatchQueue.main.sync in a factory")
        let component = MainSyncComponent()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
          precondition(component.viaMain.name == "main-made")
          finished.signal()
        }
        await MainActor.run {
          // The factory has begun and is about to wait for this thread; the main thread's first
          // build of an unrelated key must not wait for it.
          component.entered.wait()
          precondition(UnrelatedComponent().service.name == "unrelated")
        }
        await waitOnDispatchThread(finished)
      }
    }

    @Test func aFactoryThatWaitsForADetachedTaskBuildingAnotherKeyCompletes() async {
      await #expect(processExitsWith: .success) {
        exitIfStillRunning(after: 60, "a semaphore bridge to a detached task")
        await onAThreadOfItsOwn {
          precondition(BridgingComponent().bridgedThroughATask.name == "bridged")
        }
      }
    }

    @Test func aFactoryThatWaitsForATaskWhileThePoolBuildsOtherKeysCompletes() async {
      await #expect(processExitsWith: .success) {
        exitIfStillRunning(after: 60, "a task awaited with a semaphore while the pool builds")
        await onAThreadOfItsOwn {
          precondition(BridgingComponent().bridgedWhileThePoolBuilds.name == "bridged")
        }
      }
    }

    @Test func aFactoryThatWaitsForAnotherThreadBuildingAnUnrelatedKeyCompletes() async {
      await #expect(processExitsWith: .success) {
        exitIfStillRunning(after: 60, "a factory waiting for a build on another thread")
        precondition(BridgingComponent().bridgedThroughAThread.name == "bridged")
      }
    }

    @Test func aCycleAcrossTwoTreesOnTwoThreadsStopsWithItsChain() async {
      let result = await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        exitIfStillRunning(after: 60, "a cycle across two trees")
        Thread.detachNewThread { _ = rightTree.right }
        _ = leftTree.left
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      let leftFirst =
        "Napkin: dependency cycle in LeftTreeComponent: left -> RightTreeComponent.right -> left"
      let rightFirst =
        "Napkin: dependency cycle in RightTreeComponent: right -> LeftTreeComponent.left -> right"
      #expect(message.contains(leftFirst) || message.contains(rightFirst), "\(message)")
      #expect(!message.contains("hung:"), "\(message)")
    }

    @Test(
      .disabled(
        if: addressSanitizerIsActive(),
        "AddressSanitizer's redzones multiply every frame; the depth is a claim about real builds")
    )
    func aTenThousandDeepChainResolvesOnAStackTheSizeOfTheMainThreads() async {
      // In whatever configuration the tests were built: in a debug build, each level must cost
      // about as much stack as hand wiring. Swift Testing runs neither tests nor exit tests on
      // the main thread, so a thread of its own gets the main thread's default stack.
      await #expect(processExitsWith: .success) {
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
          var component: any LinkDependency = LinkRootComponent()
          for _ in 0..<10_000 {
            component = LinkComponent(dependency: component)
          }
          precondition(component.link.depth == 10_000)
          finished.signal()
        }
        thread.stackSize = mainThreadStackSize()
        thread.start()
        await waitOnDispatchThread(finished)
      }
    }
  #endif
}
