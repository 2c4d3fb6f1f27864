import Foundation

/// The path of this benchmark's executable, for scenarios that start it again or find the
/// modules built beside it.
var executablePath: String {
  #if os(Linux)
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
  #else
    Bundle.main.executablePath ?? CommandLine.arguments[0]
  #endif
}
