import Foundation

/// Finds an executable of this package that the build put beside the test bundle, so that the
/// examples' tests run the real program as a user would.
///
/// The test binary sits in the build's products folder on Linux; on macOS the `.xctest` bundle
/// does. `<NAME>_EXECUTABLE` in the environment (e.g. `NOTEBOOK_EXECUTABLE`) overrides both, to run
/// the tests against another build of the program.
///
/// ```swift
/// let notebook = try BuiltProduct.locate("Notebook")
/// ```
public enum BuiltProduct {
  /// Why the executable was not found, and how to fix it.
  public struct NotFound: Error, CustomStringConvertible {
    /// The product's name.
    public let name: String
    /// Every path that was tried.
    public let searched: [String]

    /// The places searched and the command that builds the product.
    public var description: String {
      "\(name) executable not found (searched \(searched.joined(separator: ", "))); build it "
        + "with `swift build --product \(name)` in the same configuration."
    }
  }

  /// The executable named `name`, or ``NotFound`` naming where it looked.
  public static func locate(_ name: String) throws(NotFound) -> URL {
    let override = "\(name.uppercased())_EXECUTABLE"
    if let path = ProcessInfo.processInfo.environment[override], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folders = [testBinary.deletingLastPathComponent()]
    folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
      .map { $0.bundleURL.deletingLastPathComponent() }
    let candidates = folders.map { $0.appendingPathComponent(name) }
    guard let found = candidates.first(where: { isExecutable($0) }) else {
      throw NotFound(name: name, searched: candidates.map(\.path))
    }
    return found
  }

  private static func isExecutable(_ url: URL) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      && !isFolder.boolValue && FileManager.default.isExecutableFile(atPath: url.path)
  }
}
