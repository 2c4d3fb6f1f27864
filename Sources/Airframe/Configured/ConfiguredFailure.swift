import NapkinOnce

/// The misuses of a ``Configured`` global that stop the program, each with what to do instead.
enum ConfiguredFailure {
  /// `scratchBound`: a scratch value was bound somewhere in this process, so a test is most
  /// likely reading from work that does not inherit its scope.
  static func readBeforeConfigure(_ type: String, configureCall: String, scratchBound: Bool)
    -> Never
  {
    let cause =
      scratchBound
      ? """
       A scratch value is bound in this process but not for this read: work started with \
      Task.detached, or on a thread of its own, does not inherit the scratch value of \
      withScratchValue(_:operation:) or the .scratchConfig trait. Start that work as a child \
      task inside the scope (async let, a task group, Task { }) or pass the value to it.
      """ : ""
    fatalError(
      """
      Airframe: \(escaped(type)) was read before it was configured. Call \(escaped(configureCall)) \
      once at launch, before anything reads it. A test uses a scratch value instead: the \
      .scratchConfig trait of NapkinTesting (@Test(.scratchConfig(global, value))), or \
      withScratchValue(_:operation:) around its body.
      """ + cause)
  }

  /// `fileID` and `line`: the second `configure` call, so that the stop points at it.
  static func configuredTwice(
    _ type: String, configureCall: String, fileID: StaticString, line: UInt
  ) -> Never {
    fatalError(
      """
      Airframe: \(escaped(type)) was configured twice. Call \(escaped(configureCall)) exactly \
      once, at launch; \
      to use another value in a test, run the test inside withScratchValue(_:operation:) \
      instead of configuring again.
      """, file: fileID, line: line)
  }
}
