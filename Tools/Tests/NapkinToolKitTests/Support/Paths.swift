import Foundation

/// Folders the tests read, found from this file's place in the repository.
enum Paths {
  /// `Tools/Tests/NapkinToolKitTests/Fixtures`.
  static let fixtures = testTarget.appendingPathComponent("Fixtures").path

  /// The root of the repository: the Napkin package, whose Examples the tests analyse.
  static let repository =
    testTarget
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  static let examples = repository.appendingPathComponent("Examples").path

  static func fixture(_ relative: String) -> String {
    (fixtures as NSString).appendingPathComponent(relative)
  }

  private static let testTarget = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
}
