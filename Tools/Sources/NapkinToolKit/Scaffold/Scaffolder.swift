import Foundation

/// Writes the files of a new napkin: all of them or, if anything is in the way, none.
enum Scaffolder {
  /// One file to write.
  struct PlannedFile: Equatable {
    var path: String
    var contents: String
  }

  static func write(_ request: ScaffoldRequest, console: inout some Console) -> CommandStatus {
    let plan: [PlannedFile]
    do {
      plan = try self.plan(request)
    } catch {
      console.writeError("napkin: error: \(error.message)\n")
      return .inputProblem
    }
    var written: [String] = []
    let manager = FileManager.default
    for file in plan {
      let folder = (file.path as NSString).deletingLastPathComponent
      do {
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // `withoutOverwriting` closes the gap between the check in `plan` and this write.
        try Data(file.contents.utf8).write(
          to: URL(fileURLWithPath: file.path), options: .withoutOverwriting)
        written.append(file.path)
      } catch {
        for path in written {
          try? manager.removeItem(atPath: path)
        }
        console.writeError(
          "napkin: error: cannot write \(file.path) (\(error.localizedDescription)); "
            + "nothing was written\n")
        return .inputProblem
      }
    }
    for path in written {
      console.write("created \(path)\n")
    }
    let lower = request.name.prefix(1).lowercased() + request.name.dropFirst()
    if !written.contains(where: { $0.hasSuffix("NapkinTests.swift") }) {
      console.write(
        "\nNo test written: no Tests/<Module>Tests folder was found; pass --tests DIR.\n")
    }
    console.write(
      """

      Next: attach it from \(request.parent)Router, e.g.
        let \(lower) = component.\(lower)Builder.build(withListener: interactor)
        attachChild(\(lower))
      and make \(request.parent)Interactor conform to \(request.name)Listener.

      """)
    return .success
  }

  /// Checks the request against the sources under `--into` and lists the files to write.
  static func plan(_ request: ScaffoldRequest) throws(UsageError) -> [PlannedFile] {
    let root = request.directory
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw UsageError(
        message: "--into \(root) is not a folder; pass the folder of the app's napkins "
          + "(e.g. Examples/HomeNapkin)")
    }
    let wiring = Wiring(files: SourceLoader.load(paths: [root]).files)
    let parentComponent = request.parent + "Component"
    guard let parent = wiring.component(named: parentComponent) else {
      throw UsageError(
        message: "no component named \(parentComponent) under \(root); create the parent "
          + "napkin first, or point --into at the folder that holds it")
    }
    if let existing = wiring.component(named: request.name + "Component") {
      throw UsageError(
        message: "\(request.name)Component already exists at \(existing.position); "
          + "choose another name")
    }
    let templates = NapkinTemplates(name: request.name, parent: request.parent)
    let folder = (root as NSString).appendingPathComponent(request.name)
    func inFolder(_ suffix: String) -> String {
      (folder as NSString).appendingPathComponent(request.name + suffix + ".swift")
    }
    let parentFolder = (parent.position.file as NSString).deletingLastPathComponent
    var plan = [
      PlannedFile(path: inFolder("Component"), contents: templates.component),
      PlannedFile(path: inFolder("Builder"), contents: templates.builder),
      PlannedFile(path: inFolder("Router"), contents: templates.router),
      PlannedFile(path: inFolder("Interactor"), contents: templates.interactor),
      PlannedFile(path: inFolder("Presenter"), contents: templates.presenter),
      PlannedFile(path: inFolder("View"), contents: templates.view),
      PlannedFile(
        path: (parentFolder as NSString).appendingPathComponent(
          "\(parentComponent)+\(request.name).swift"),
        contents: templates.edge),
    ]
    let module = request.module ?? Self.moduleName(of: root)
    if let tests = request.testsDirectory ?? Self.conventionalTests(for: root, module: module) {
      plan.append(
        PlannedFile(
          path: (tests as NSString).appendingPathComponent(
            "\(request.name)/\(request.name)NapkinTests.swift"),
          contents: templates.test(module: module)))
      plan.append(
        PlannedFile(
          path: (tests as NSString).appendingPathComponent(
            "Support/\(request.name)Fakes.swift"),
          contents: templates.fakes(module: module)))
    }
    let existing = plan.map(\.path).filter { FileManager.default.fileExists(atPath: $0) }
    guard existing.isEmpty else {
      throw UsageError(
        message: "would overwrite \(existing.joined(separator: ", ")); nothing was written. "
          + "Move those files away or choose another name")
    }
    return plan
  }

  /// SwiftPM's test folder for `module`, `<package>/Tests/<module>Tests`, if it exists: the
  /// package is the nearest folder above `folder` that holds a `Package.swift`.
  static func conventionalTests(for folder: String, module: String) -> String? {
    let manager = FileManager.default
    var current = URL(fileURLWithPath: folder).standardizedFileURL
    while current.path != "/" {
      if manager.fileExists(atPath: current.appendingPathComponent("Package.swift").path) {
        let tests = current.appendingPathComponent("Tests/\(module)Tests").path
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: tests, isDirectory: &isDirectory)
        return exists && isDirectory.boolValue ? tests : nil
      }
      current = current.deletingLastPathComponent()
    }
    return nil
  }

  /// The module a folder compiles into, by SwiftPM's convention: the folder's own name.
  static func moduleName(of folder: String) -> String {
    URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent
  }
}
