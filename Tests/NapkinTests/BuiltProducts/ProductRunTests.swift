import BuiltProducts
import Foundation
import Testing

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The tests' one child runner must not deadlock on a child that answers as it reads.
  @Suite struct ProductRunTests {
    @Test func moreThanAPipesWorthOfInputAndOutputBothWaysDoesNotStall() throws {
      // 1 MiB each way: far over a pipe's 64 KiB, so a runner that wrote all the input before
      // reading any output would wait for `cat`, which waits for it, until the time limit.
      let input = String(repeating: "napkin\n", count: 150_000)
      let run = try BuiltProduct.run(
        URL(fileURLWithPath: "/bin/cat"), input: input, timeLimit: .seconds(20))
      #expect(run.reason == .exit)
      #expect(run.status == 0)
      #expect(run.standardOutput == input)
    }
  }
#endif
