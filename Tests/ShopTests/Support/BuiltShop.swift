import BuiltProducts
import Foundation

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The `Shop` executable that `swift build` / `swift test` put next to the test bundle, run as a
  /// user would, with its standard output sent somewhere that fails.
  enum BuiltShop {
    static func run(_ arguments: [String], output: BuiltProduct.Output) throws -> BuiltProduct.Run {
      try BuiltProduct.run(BuiltProduct.locate("Shop"), arguments: arguments, output: output)
    }
  }
#endif
