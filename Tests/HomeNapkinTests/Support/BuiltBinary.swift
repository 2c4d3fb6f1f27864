import BuiltProducts
import Foundation

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The `HomeNapkin` executable that `swift build` / `swift test` put next to the test bundle.
  enum BuiltBinary {
    /// Runs the executable with `arguments`, `input` piped to its standard input; throws
    /// `BuiltProduct.NotFound` when it has not been built.
    static func run(
      arguments: [String] = [], input: String, output: BuiltProduct.Output = .captured
    ) throws -> BuiltProduct.Run {
      try BuiltProduct.run(
        BuiltProduct.locate("HomeNapkin"), arguments: arguments, input: input, output: output)
    }
  }
#endif
