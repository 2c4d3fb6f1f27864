import Airframe

/// A module config as a module would declare it, with the documented accessors.
struct TestConfig: Sendable, Equatable {
  var name: String

  static let global = Configured<TestConfig>()
  static var shared: TestConfig { global.value }
  static func configure(_ config: TestConfig) { global.configure(config) }
}
