/// The misuses of a ``Configured`` global that stop the program, each with what to do instead.
enum ConfiguredFailure {
  static func readBeforeConfigure(_ type: String, configureCall: String) -> Never {
    fatalError(
      """
      Airframe: \(type) was read before it was configured. Call \(configureCall) once at launch, \
      before anything reads it; a test can instead run its body inside \
      withScratchValue(_:operation:).
      """)
  }

  static func configuredTwice(_ type: String, configureCall: String) -> Never {
    fatalError(
      """
      Airframe: \(type) was configured twice. Call \(configureCall) exactly once, at launch; \
      to use another value in a test, run the test inside withScratchValue(_:operation:) \
      instead of configuring again.
      """)
  }
}
