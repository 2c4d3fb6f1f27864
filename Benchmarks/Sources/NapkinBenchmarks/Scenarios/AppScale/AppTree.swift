/// The source of one generated app: a tree of napkins, three children per napkin, in one module.
///
/// Every napkin has a dependency protocol (what it needs from its parent), a component with a
/// pass-through (`appConfig`), a shared service built from its parent's, a fresh service, and an
/// edge extension per child (the parent's component conforms to the child's dependency). The
/// hand-wired subjects are the same tree as final classes with `lazy var`s, with and without the
/// protocols and edge extensions. A public `launchApp()` builds every napkin and reads each
/// service, so whole-module optimization cannot drop any of it as dead code.
struct AppTree {
  /// How the tree is wired.
  enum Wiring: String, CaseIterable {
    /// `Component` subclasses and `shared { }`.
    case napkin
    /// Final classes with `lazy var`s, each holding its parent's class directly.
    case hand
    /// Final classes with `lazy var`s, parents reached through the same dependency protocols and
    /// edge extensions as the napkin tree: what the protocols alone cost.
    case handWithProtocols = "hand-protocols"
  }

  let napkins: Int
  let wiring: Wiring

  /// The parent of napkin `index` (the root napkin's parent is the app's root component).
  private func parent(of index: Int) -> String { index == 0 ? "Root" : String((index - 1) / 3) }

  private func children(of index: Int) -> [Int] {
    (1...3).map { 3 * index + $0 }.filter { $0 < napkins }
  }

  /// The entry point an executable of the tree needs, the same for every wiring.
  static let entryPointFile = (
    name: "App.swift",
    contents: """
    @main enum App {
      static func main() { print(launchApp()) }
    }

    """
  )

  /// One file per napkin, plus the root's: name and contents.
  var files: [(name: String, contents: String)] {
    [("Root.swift", rootFile)] + (0..<napkins).map { ("Napkin\($0).swift", napkinFile($0)) }
  }

  private var rootFile: String {
    let imports = wiring == .napkin ? "import Napkin\n\n" : ""
    let root: String
    switch wiring {
    case .napkin:
      root = """
        final class RootComponent: EmptyComponent, @unchecked Sendable {
          var appConfig: AppConfig { shared { AppConfig(name: "app") } }
          var serviceRoot: SharedServiceRoot { shared { SharedServiceRoot() } }
        }

        extension RootComponent: Napkin0Dependency {}

        public func launchApp() -> Int { Napkin0Component(dependency: RootComponent()).launch() }
        """
    case .hand, .handWithProtocols:
      let conformance =
        wiring == .handWithProtocols ? "\n\nextension Hand0Root: Hand0Dependency {}" : ""
      let parent = wiring == .handWithProtocols ? "dependency" : "parent"
      root = """
        final class Hand0Root {
          lazy var appConfig = AppConfig(name: "app")
          lazy var serviceRoot = SharedServiceRoot()
        }\(conformance)

        public func launchApp() -> Int { Hand0Component(\(parent): Hand0Root()).launch() }
        """
    }
    return """
      \(imports)final class AppConfig: Sendable {
        let name: String
        init(name: String) { self.name = name }
      }

      final class SharedServiceRoot: Sendable {}

      \(root)

      """
  }

  /// What a component of either wiring ends with: the fresh service, and `launch()`, which
  /// builds the component's children (`launches`, a line each) and reads its services.
  private func freshAndLaunch(_ index: Int, launching launches: [String]) -> String {
    let built = launches.isEmpty ? "let" : "var"
    return """
        var fresh\(index): FreshService\(index) {
          FreshService\(index)(shared: service\(index), config: appConfig)
        }

        func launch() -> Int {
          \(built) built = fresh\(index).shared === service\(index) ? 1 : 0
      \(launches.joined())    return built
        }
      """
  }

  private func napkinFile(_ index: Int) -> String {
    let parent = parent(of: index)
    let children = children(of: index)
    let services = """
      final class SharedService\(index): Sendable {
        let parent: SharedService\(parent)
        init(parent: SharedService\(parent)) { self.parent = parent }
      }

      final class FreshService\(index): Sendable {
        let shared: SharedService\(index)
        let config: AppConfig
        init(shared: SharedService\(index), config: AppConfig) {
          self.shared = shared
          self.config = config
        }
      }
      """
    switch wiring {
    case .napkin:
      let launches = children.map {
        "    built += Napkin\($0)Component(dependency: self).launch()\n"
      }
      let edges = children.map { "extension Napkin\(index)Component: Napkin\($0)Dependency {}\n" }
      return """
        import Napkin

        protocol Napkin\(index)Dependency: Dependency {
          var appConfig: AppConfig { get }
          var service\(parent): SharedService\(parent) { get }
        }

        \(services)

        final class Napkin\(index)Component: Component<any Napkin\(index)Dependency>,
          @unchecked Sendable
        {
          var appConfig: AppConfig { dependency.appConfig }
          var service\(index): SharedService\(index) {
            shared { SharedService\(index)(parent: dependency.service\(parent)) }
          }
        \(freshAndLaunch(index, launching: launches))
        }

        \(edges.joined())
        """
    case .hand, .handWithProtocols:
      let withProtocols = wiring == .handWithProtocols
      let field = withProtocols ? "dependency" : "parent"
      let parentType =
        withProtocols
        ? "any Hand\(index)Dependency" : (index == 0 ? "Hand0Root" : "Hand\(parent)Component")
      let launches = children.map { "    built += Hand\($0)Component(\(field): self).launch()\n" }
      let edges =
        withProtocols
        ? children.map { "extension Hand\(index)Component: Hand\($0)Dependency {}\n" } : []
      let dependencyProtocol =
        withProtocols
        ? """
        protocol Hand\(index)Dependency: AnyObject {
          var appConfig: AppConfig { get }
          var service\(parent): SharedService\(parent) { get }
        }


        """ : ""
      return """
        \(dependencyProtocol)\(services)

        final class Hand\(index)Component {
          let \(field): \(parentType)
          init(\(field): \(parentType)) { self.\(field) = \(field) }

          var appConfig: AppConfig { \(field).appConfig }
          lazy var service\(index) = SharedService\(index)(parent: \(field).service\(parent))
        \(freshAndLaunch(index, launching: launches))
        }

        \(edges.joined())
        """
    }
  }
}
