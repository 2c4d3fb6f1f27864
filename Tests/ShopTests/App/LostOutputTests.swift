import Testing

/// The built program with a standard output that cannot be written: the screen was not shown, so
/// the command failed. `print` dropped the error and `Shop demo >/dev/full` exited 0.
@Suite struct LostOutputTests {
  @Test func aFullDiskIsAFailureThatSaysSo() throws {
    let run = try BuiltShop.run(["demo"], output: .full)

    #expect(run.reason == .exit)
    #expect(run.status == 1)
    #expect(run.standardError == "Shop: could not write the output: No space left on device.\n")
  }

  @Test func aClosedStandardOutputIsAFailureThatSaysSo() throws {
    let run = try BuiltShop.run(["--help"], output: .closed)

    #expect(run.reason == .exit)
    #expect(run.status == 1)
    #expect(run.standardError == "Shop: could not write the output: Bad file descriptor.\n")
  }
}
