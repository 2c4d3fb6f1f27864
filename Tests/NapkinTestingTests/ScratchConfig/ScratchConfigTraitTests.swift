import Airframe
import NapkinTesting
import Testing

@Suite struct ScratchConfigTraitTests {
  @Test(.scratchConfig(Greeting.global, "hello"))
  func aTestAndItsChildTasksReadTheScratchValue() async {
    #expect(Greeting.global.value == "hello")
    async let child = Greeting.global.value
    #expect(await child == "hello")
  }

  // Exit tests run the body in a child process: only where Swift Testing supports them.
  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func aReadBeforeConfigureWithNoScratchValueSaysOnlyToConfigure() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Greeting.global.value
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("was read before it was configured"))
      #expect(!message.contains("Task.detached"))
    }

    @Test func aReadFromADetachedTaskSaysThatItDoesNotInheritTheScratchValue() async throws {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await Greeting.global.withScratchValue("hello") {
          await Task.detached { _ = Greeting.global.value }.value
        }
      }
      let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
      #expect(message.contains("was read before it was configured"))
      #expect(message.contains("Task.detached"))
      #expect(message.contains("does not inherit the scratch value"))
    }
  #endif
}
