import Foundation

/// The step `new` prints after writing a napkin: the edits, read from the parent's own source,
/// that attach the child. Each is exact code, so that pasting it where it says compiles: the
/// parent's `…Interactable` refines the child's listener (the router hands `interactor` to the
/// child's builder), its builder hands the child's builder to its router (a router cannot reach
/// its component), and its router stores the child, attaches it and presents its view.
extension NapkinTemplates {
  /// The step for the parent whose sources are the `.swift` files of `folder`: its edits, or,
  /// when a declaration they edit is not there, what to do in words.
  func nextStep(inFolder folder: String) -> String {
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".swift") }.sorted()
      .map { (folder as NSString).appendingPathComponent($0) }
    let finder = ParentFinder(parent: parent)
    for file in files {
      // A regular file only, read within the size bound: a planted link is not followed.
      guard let source = try? SourceLoader.readSource(file, followingLink: false).source else {
        continue
      }
      finder.read(path: file, source: source)
    }
    guard let interactable = finder.interactable, let interactor = finder.interactor,
      let routing = finder.routing, let router = finder.router, let call = finder.routerCall
    else {
      return """

        Next: attach it from \(parent)Router; \(Scaffolder.shown(folder)) does not declare \
        \(finder.missing.joined(separator: ", ")), so the step cannot be written out. Make \
        \(parent)Interactable refine \(name)Listener, have \(parent)Builder pass \
        component.\(lower)Builder to \(parent)Router, and have the router keep \
        it, build the child with its interactor, store, attach and present it.

        """
    }
    // Each edit as printed: replace `old` with `code`, or (`old` nil) add `code` at the end of
    // `declaration`.
    var edits: [String] = []
    func edit(_ file: String, _ declaration: String, old: String? = nil, _ code: String) {
      let place = Scaffolder.shown(file)
      if let old {
        edits.append("\nIn \(place), replace\n\(indented(old))\nwith\n\(indented(code))\n")
      } else {
        edits.append("\nIn \(place), add at the end of \(declaration):\n\(indented(code))\n")
      }
    }
    edit(
      interactable.file, "protocol \(parent)Interactable", old: interactable.old,
      interactable.new(adding: "\(name)Listener"))
    edit(
      interactor, "class \(parent)Interactor",
      """
        func \(lower)DidFinish() {
          router?.detach\(name)()
        }
      """)
    edit(
      routing, "protocol \(parent)Routing",
      """
        func routeTo\(name)()
        func detach\(name)()
      """)
    edit(
      call.file, "class \(parent)Builder", old: call.old,
      call.new(adding: "\(lower)Builder: component.\(lower)Builder"))
    edit(
      router.file, "class \(parent)Router", old: router.old,
      router.new(
        adding: "\(lower)Builder: any \(name)Buildable",
        assigning: "self.\(lower)Builder = \(lower)Builder"))
    let presents = hasView && finder.viewControllable != nil
    if let viewControllable = finder.viewControllable, presents, !finder.canPresent {
      edit(
        viewControllable, "protocol \(parent)ViewControllable",
        """
          func present(_ view: any ViewControllable)
          func dismiss(_ view: any ViewControllable)
        """)
      edit(
        finder.view ?? viewControllable, "class \(parent)View",
        """
          private(set) var presented: (any ViewControllable)?
          func present(_ view: any ViewControllable) {
            presented = view
          }
          func dismiss(_ view: any ViewControllable) {
            if presented === view { presented = nil }
          }
        """)
    }
    edit(router.file, "class \(parent)Router", routerMembers(presents: presents))
    return """

      Next: attach it from \(parent)Router with these \(edits.count) edits, each exact code:
      \(edits.joined())
      Then call router?.routeTo\(name)() from \(parent)Interactor where it should \
      show \(name).

      """
  }

  /// Code as the step prints it: four spaces in, blank lines left empty.
  private func indented(_ code: String) -> String {
    code.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
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
}
