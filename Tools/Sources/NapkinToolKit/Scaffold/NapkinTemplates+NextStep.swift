import Foundation

/// The step `new` prints after writing a napkin: the edits, read from the parent's own source,
/// that attach the child. Each is exact code, so that pasting it where it says compiles: the
/// parent's `…Interactable` refines the child's listener (the router hands `interactor` to the
/// child's builder), its builder hands the child's builder to its router (a router cannot reach
/// its component), and its router stores the child, attaches it and presents its view.
extension NapkinTemplates {
  /// One edit: replace `old` with `code`, or (`old` nil) add `code` at the end of `declaration`.
  struct Edit: Equatable {
    var file: String
    var declaration: String
    var old: String?
    var code: String
  }

  /// The edits for the parent whose sources are the `.swift` files of `folder`, or the names of
  /// the declarations that were not found there.
  func edits(inFolder folder: String) -> Result<[Edit], Missing> {
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted()
      .map { (folder as NSString).appendingPathComponent($0) }
    let finder = ParentFinder(parent: parent)
    for file in files {
      // A regular file only, read within the size bound: a planted link is not followed.
      guard case .source(let source) = SourceLoader.readSource(file, followingLink: false) else {
        continue
      }
      finder.read(path: file, source: source)
    }
    guard let interactable = finder.interactable, let interactor = finder.interactor,
      let routing = finder.routing, let router = finder.router, let call = finder.routerCall
    else {
      return .failure(Missing(names: finder.missing))
    }
    var edits = [
      Edit(
        file: interactable.file, declaration: "protocol \(parent)Interactable",
        old: interactable.old, code: interactable.new(adding: "\(name)Listener")),
      Edit(
        file: interactor, declaration: "class \(parent)Interactor",
        code: """
            func \(lower)DidFinish() {
              router?.detach\(name)()
            }
          """),
      Edit(
        file: routing, declaration: "protocol \(parent)Routing",
        code: """
            func routeTo\(name)()
            func detach\(name)()
          """),
      Edit(
        file: call.file, declaration: "class \(parent)Builder", old: call.old,
        code: call.new(adding: "\(lower)Builder: component.\(lower)Builder")),
      Edit(
        file: router.file, declaration: "class \(parent)Router", old: router.old,
        code: router.new(
          adding: "\(lower)Builder: any \(name)Buildable",
          assigning: "self.\(lower)Builder = \(lower)Builder")),
    ]
    let presents = hasView && finder.viewControllable != nil
    if let viewControllable = finder.viewControllable, presents, !finder.canPresent {
      edits += [
        Edit(
          file: viewControllable, declaration: "protocol \(parent)ViewControllable",
          code: """
              func present(_ view: any ViewControllable)
              func dismiss(_ view: any ViewControllable)
            """),
        Edit(
          file: finder.view ?? viewControllable, declaration: "class \(parent)View",
          code: """
              private(set) var presented: (any ViewControllable)?
              func present(_ view: any ViewControllable) {
                presented = view
              }
              func dismiss(_ view: any ViewControllable) {
                if presented === view { presented = nil }
              }
            """),
      ]
    }
    edits.append(
      Edit(
        file: router.file, declaration: "class \(parent)Router",
        code: routerMembers(presents: presents)))
    return .success(edits)
  }

  private func routerMembers(presents: Bool) -> String {
    """
      private let \(lower)Builder: any \(name)Buildable
      private var \(lower): (any \(name)Routing)?
      func routeTo\(name)() {
        guard \(lower) == nil else { return }
        let child = \(lower)Builder.build(withListener: interactor)
        \(lower) = child
        attachChild(child)\(presents ? "\n    viewController.present(child.viewControllable)" : "")
      }
      func detach\(name)() {
        guard let child = \(lower) else { return }\(presents ? "\n    viewController.dismiss(child.viewControllable)" : "")
        detachChild(child)
        \(lower) = nil
      }
    """
  }

  /// The declarations of the parent that were not found in its folder.
  struct Missing: Error, Equatable {
    var names: [String]
  }
}
