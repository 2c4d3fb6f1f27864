import Foundation

/// Writes the files of a new napkin: all of them or, if anything is in the way, none.
enum Scaffolder {
  /// The files to write, where the napkin goes and the module its tests import.
  struct Plan {
    var files: [(path: String, contents: String)]
    var napkinFolder: String
    var module: String
    /// The folder of the parent's component, where the next step reads the parent's napkin.
    var parentFolder = ""
    var templates: NapkinTemplates
  }

  /// Writes one new file; it must refuse to replace anything at its path, a planted symbolic
  /// link included, as `withoutOverwriting` does.
  typealias Writer = (Data, URL) throws -> Void

  static func write(
    _ request: ScaffoldRequest,
    console: inout some Console,
    writer: Writer = { try $0.write(to: $1, options: .withoutOverwriting) }
  ) -> CommandStatus {
    let plan: Plan
    do {
      plan = try self.plan(request)
    } catch {
      console.writeError("napkin: error: \(error.message)\n")
      return .inputProblem
    }
    var written: [String] = []
    var createdFolders: [String] = []
    let manager = FileManager.default
    for file in plan.files {
      do {
        try createFolders(above: file.path, recordingIn: &createdFolders)
        // Recorded first: a write that made the file before it failed (a full disk) leaves it ours
        // to remove. `withoutOverwriting` closes the gap between the check in `plan` and this write.
        written.append(file.path)
        try writer(Data(file.contents.utf8), URL(fileURLWithPath: file.path))
      } catch {
        // A file that was already there is not ours. Leave nothing behind: the files, then the
        // folders made for them, deepest first.
        if (error as? CocoaError)?.code == .fileWriteFileExists, written.last == file.path {
          written.removeLast()
        }
        for path in written {
          try? manager.removeItem(atPath: path)
        }
        for folder in createdFolders.reversed()
        where (try? manager.contentsOfDirectory(atPath: folder))?.isEmpty == true {
          try? manager.removeItem(atPath: folder)
        }
        console.writeError(
          "napkin: error: cannot write \(shown(file.path)) (\(error.localizedDescription)); "
            + "nothing was written\n")
        return .inputProblem
      }
    }
    console.write(written.map { "created \(shown($0))\n" }.joined())
    console.write(
      "\n\(request.name) is in \(shown(plan.napkinFolder)) (module \(plan.module)), below "
        + "\(request.parent).\n")
    if !written.contains(where: { $0.hasSuffix("NapkinTests.swift") }) {
      console.write(
        "\nNo test written: no Tests/<Module>Tests folder was found; pass --tests DIR.\n")
    }
    // How to attach the new napkin: exact edits of the parent's files, read from them, so that
    // pasting each where it says compiles.
    console.write(plan.templates.nextStep(inFolder: plan.parentFolder))
    return .success
  }

  /// A path as `new` prints it: relative to the current folder when inside it, else absolute,
  /// whichever way the folders were named on the command line.
  static func shown(_ path: String) -> String {
    let full = URL(fileURLWithPath: path).standardizedFileURL.path
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .standardizedFileURL.path
    let prefix = current.hasSuffix("/") ? current : current + "/"
    return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
  }

  /// Creates the missing folders above `path`, outermost first, adding each to `created` as soon
  /// as it exists so that a failure part-way can still remove them.
  private static func createFolders(above path: String, recordingIn created: inout [String])
    throws
  {
    let manager = FileManager.default
    var missing: [String] = []
    var folder = (path as NSString).deletingLastPathComponent
    while !folder.isEmpty, folder != "/", !manager.fileExists(atPath: folder) {
      missing.append(folder)
      folder = (folder as NSString).deletingLastPathComponent
    }
    for folder in missing.reversed() {
      try manager.createDirectory(atPath: folder, withIntermediateDirectories: false)
      created.append(folder)
    }
  }

  /// Checks the request against the sources under `--into` and lists the files to write.
  static func plan(_ request: ScaffoldRequest) throws(UsageError) -> Plan {
    let searched = try searchedFolder(for: request.directory ?? ".")
    let wiring = Wiring(files: SourceLoader.load(paths: [searched]).files)
    let parentComponent = request.parent + "Component"
    guard let parent = wiring.component(named: parentComponent) else {
      throw UsageError(
        message: "no component named \(parentComponent) under \(searched); create the parent "
          + "napkin first, or point --into at the folder that holds it")
    }
    if let existing = wiring.component(named: request.name + "Component") {
      throw UsageError(
        message: "\(request.name)Component already exists at \(existing.position); "
          + "choose another name")
    }
    var templates = NapkinTemplates(
      name: request.name, parent: request.parent, hasView: request.hasView)
    if let viewProtocol = request.viewProtocol {
      templates.viewProtocol = try ViewProtocol.read(
        viewProtocol, wiring: wiring, searched: searched)
    }
    let parentFolder = (try parentPlace(parent, wiring: wiring).file as NSString)
      .deletingLastPathComponent
    let folder = napkinFolder(for: request, parentFolder: parentFolder)
    func file(_ name: String, in folder: String, _ contents: String) -> (String, String) {
      ((folder as NSString).appendingPathComponent(name), contents)
    }
    let name = request.name
    var files: [(path: String, contents: String)] = [
      file("\(name)Component.swift", in: folder, templates.component),
      file("\(name)Builder.swift", in: folder, templates.builder),
      file("\(name)Router.swift", in: folder, templates.router),
      file("\(name)Interactor.swift", in: folder, templates.interactor),
    ]
    if request.hasView { files.append(file("\(name)View.swift", in: folder, templates.view)) }
    files.append(file("\(parentComponent)+\(name).swift", in: parentFolder, templates.edge))
    // The target holds the napkin's folder, wherever `--into` put it inside the target: an app
    // that groups its napkins (`Examples/HomeNapkin/ComponentTree`) still tests `HomeNapkin`.
    // Its module is, by SwiftPM's convention, the folder's own name.
    let (package, target) = packageAndTarget(of: folder)
    let module = request.module ?? URL(fileURLWithPath: target).lastPathComponent
    if let tests = request.testsDirectory ?? Self.conventionalTests(in: package, module: module) {
      files.append(
        file("\(name)/\(name)NapkinTests.swift", in: tests, templates.test(module: module)))
      files.append(file("Support/\(name)Fakes.swift", in: tests, templates.fakes(module: module)))
    }
    let existing = files.map(\.path).filter { FileManager.default.fileExists(atPath: $0) }
    guard existing.isEmpty else {
      throw UsageError(
        message: "would overwrite \(existing.joined(separator: ", ")); nothing was written. "
          + "Move those files away or choose another name")
    }
    return Plan(
      files: files, napkinFolder: folder, module: module, parentFolder: parentFolder,
      templates: templates)
  }

  /// Where to look for the parent: `--into`'s folder or, when it does not exist yet (it is
  /// created with the napkin), the nearest folder above it that does.
  private static func searchedFolder(for root: String) throws(UsageError) -> String {
    var folder = root
    var isDirectory: ObjCBool = false
    while !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
      let above = (folder as NSString).deletingLastPathComponent
      folder = above.isEmpty ? "." : above
    }
    guard isDirectory.boolValue else {
      throw UsageError(
        message: "--into \(root): \(folder) is not a folder; pass the folder of the "
          + "app's napkins (e.g. Examples/HomeNapkin)")
    }
    return folder
  }

  /// Where the parent is declared. A parent declared more than once (a test declaring a
  /// component of the same name) is taken from outside `Tests` folders if that leaves one place;
  /// otherwise the choice is the user's.
  private static func parentPlace(
    _ parent: ComponentNode,
    wiring: Wiring
  ) throws(UsageError) -> SourcePosition {
    guard let places = wiring.duplicates[parent.name] else { return parent.position }
    let outsideTests = places.filter { !$0.file.split(separator: "/").contains("Tests") }
    guard outsideTests.count == 1, let place = outsideTests.first else {
      throw UsageError(
        message: "\(parent.name) is declared in \(places.count) places ("
          + places.map(\.description).joined(separator: ", ")
          + "); pass --into with the folder of the app that holds the right one")
    }
    return place
  }

  /// `--into DIR` gives `DIR/<Name>`. Without it the napkin goes beside its parent's folder, in
  /// the same target (`Sources/App/Hub/HubComponent.swift` gives `Sources/App/<Name>`), or inside
  /// that folder when it is not named after the parent (`Sources/App/HubComponent.swift`).
  static func napkinFolder(for request: ScaffoldRequest, parentFolder: String) -> String {
    let parent = parentFolder as NSString
    let container =
      request.directory
      ?? (parent.lastPathComponent == request.parent
        ? parent.deletingLastPathComponent : parentFolder)
    return (container as NSString).appendingPathComponent(request.name)
  }

  /// The nearest folder at or above `folder` that holds a `Package.swift`, and the folder of the
  /// SwiftPM target that holds `folder`: the second level below that package (`Sources/App`,
  /// `Examples/HomeNapkin`), or `folder`'s parent without one.
  private static func packageAndTarget(of folder: String) -> (package: String?, target: String) {
    let standardized = URL(fileURLWithPath: folder).standardizedFileURL
    var current = standardized
    while current.path != "/" {
      if FileManager.default.fileExists(
        atPath: current.appendingPathComponent("Package.swift").path)
      {
        let inside = standardized.pathComponents.dropFirst(current.pathComponents.count)
        let target =
          inside.count >= 2
          ? current.appendingPathComponent(inside.prefix(2).joined(separator: "/"))
          : standardized.deletingLastPathComponent()
        return (current.path, target.path)
      }
      current = current.deletingLastPathComponent()
    }
    return (nil, standardized.deletingLastPathComponent().path)
  }

  /// SwiftPM's test folder for `module` in `package`, if it exists.
  static func conventionalTests(in package: String?, module: String) -> String? {
    guard let package else { return nil }
    let tests = URL(fileURLWithPath: package).appendingPathComponent("Tests/\(module)Tests").path
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: tests, isDirectory: &isDirectory)
    return exists && isDirectory.boolValue ? tests : nil
  }
}
