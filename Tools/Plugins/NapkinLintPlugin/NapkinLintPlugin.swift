import Foundation
import PackagePlugin

/// Lints a target's Swift files whenever they change; SwiftPM shows each finding as a warning
/// on its line, the way it shows the compiler's.
@main
struct NapkinLintPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let files = module.sourceFiles(withSuffix: "swift").map(\.url)
    guard !files.isEmpty else { return [] }
    // A build command runs only when its outputs are out of date, so the lint leaves a stamp:
    // an empty Swift file, which compiles to nothing, where any other kind of file would be
    // copied into a resource bundle the target never asked for.
    let stamp = context.pluginWorkDirectoryURL.appendingPathComponent(
      "\(target.name)NapkinLintStamp.swift")
    return [
      .buildCommand(
        displayName: "napkin lint \(target.name)",
        executable: try napkin(in: context),
        arguments: ["lint", "--format", "diagnostics", "--stamp", stamp.path]
          + files.map(\.path),
        inputFiles: files,
        outputFiles: [stamp]
      )
    ]
  }

  /// Built from source, SwiftPM names the tool after its target; from an artifact bundle, after
  /// the bundle's artifact.
  private func napkin(in context: PluginContext) throws -> URL {
    if let prebuilt = try? context.tool(named: "napkin") { return prebuilt.url }
    return try context.tool(named: "NapkinCommand").url
  }
}
