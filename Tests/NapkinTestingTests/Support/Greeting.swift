import Airframe

/// A configured global that no test configures: tests read it through scratch values only.
enum Greeting {
  static let global = Configured<String>()
}
