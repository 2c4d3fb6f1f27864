import Testing

@testable import NapkinToolKit

/// Every rule has a fixture where it must find something, at a known place, and one where it
/// must find nothing.
struct LintRuleTests {
  struct Expectation: Sendable, CustomTestStringConvertible {
    var rule: Finding.Rule
    var folder: String
    /// `File.swift:line:column` of each finding, in order.
    var places: [String]

    var testDescription: String { rule.rawValue }
  }

  static let expectations = [
    Expectation(
      rule: StoredVariableRule.id, folder: "StoredVariable",
      places: [
        "CounterComponent.swift:4:3", "CounterComponent.swift:6:8", "CounterComponent.swift:8:3",
      ]
    ),
    Expectation(
      rule: SharedInMethodWithParametersRule.id, folder: "SharedInMethod",
      places: ["CacheComponent.swift:5:5"]),
    Expectation(
      rule: SharedCalledTwiceRule.id, folder: "SharedTwice", places: ["SessionComponent.swift:6:12"]
    ),
    Expectation(
      rule: UnconformedDependencyRule.id, folder: "UnconformedDependency",
      places: ["ProfileComponent.swift:3:22"]),
    Expectation(
      rule: UnusedPassThroughRule.id, folder: "UnusedPassThrough",
      places: ["HomeComponent.swift:9:7"]),
    Expectation(
      rule: SharedCycleRule.id, folder: "SharedCycle",
      places: ["HomeComponent+Profile.swift:4:7", "Settings.swift:9:7"]),
    Expectation(
      rule: SharedHoldsUnitRule.id, folder: "SharedHoldsUnit",
      places: ["HomeComponent.swift:4:46", "HomeComponent.swift:7:5"]),
    Expectation(
      rule: SharedNotSendableRule.id, folder: "SharedNotSendable",
      places: ["LibraryComponent.swift:13:22", "LibraryComponent.swift:14:22"]),
    Expectation(
      rule: GlobalNotNonisolatedRule.id, folder: "GlobalNotNonisolated",
      places: ["RootComponent.swift:3:6"]),
    Expectation(
      rule: DependencyNotNonisolatedRule.id, folder: "DependencyNotNonisolated",
      places: ["BadgeComponent.swift:3:10"]),
    Expectation(
      rule: BuilderEdgeNotMainActorRule.id, folder: "BuilderEdgeNotMainActor",
      places: ["AppComponent+Badge.swift:4:7"]),
    Expectation(
      rule: ComponentExtensionNotNonisolatedRule.id, folder: "ComponentExtensionNotNonisolated",
      places: ["AppComponent+Badge.swift:3:11"]),
    Expectation(
      rule: ParentCycleRule.id, folder: "ParentCycle", places: ["AComponent.swift:5:13"]),
    Expectation(
      rule: SharedCapturesComponentRule.id, folder: "SharedCapturesComponent",
      places: ["HomeComponent.swift:16:38"]),
    Expectation(
      rule: LifecycleInInitializerRule.id, folder: "LifecycleInInitializer",
      places: ["FeedInteractor.swift:9:5", "FeedInteractor.swift:10:5"]),
    Expectation(
      rule: ChildRouterDroppedAttachedRule.id, folder: "ChildRouterDroppedAttached",
      places: ["FeedRouter.swift:9:5", "FeedRouter.swift:14:5"]),
    Expectation(
      rule: MissingPassThroughRule.id, folder: "MissingPassThrough",
      places: ["HomeComponent+Player.swift:4:23"]),
    Expectation(
      rule: ComponentNotRestatingSendableRule.id, folder: "ComponentNotRestatingSendable",
      places: ["AppComponent.swift:6:13", "BadgeComponent.swift:6:13"]),
    Expectation(
      rule: EdgeNotConformedRule.id, folder: "EdgeNotConformed",
      places: ["RootComponent.swift:8:39"]),
    Expectation(
      rule: RequirementNotProvidedRule.id, folder: "RequirementNotProvided",
      places: ["RootComponent.swift:14:29"]),
    Expectation(
      rule: ServiceNotNonisolatedRule.id, folder: "ServiceNotNonisolated",
      places: ["RootComponent.swift:4:13"]),
    Expectation(
      rule: StaticNotNonisolatedRule.id, folder: "StaticNotNonisolated",
      places: ["PlayerComponent.swift:8:14"]),
  ]

  /// What `expected`'s rule reports in `folder`. The restated conformance is checked by `napkin
  /// fix` only (lint leaves it to the compiler, which warns), so its rule is asked directly.
  static func findings(_ expected: Expectation, in folder: String) -> [Finding] {
    let wiring = Analysis.wiring(Paths.fixture(expected.folder + "/" + folder)).wiring
    guard expected.rule == ComponentNotRestatingSendableRule.id else {
      return Linter.findings(in: wiring)
    }
    return Linter.findings(in: wiring)
      + ComponentNotRestatingSendableRule().check(LintContext(wiring))
  }

  @Test(arguments: expectations)
  func theRuleFindsWhatItsFixtureHides(_ expected: Expectation) {
    let findings = Self.findings(expected, in: "Found")
    #expect(findings.allSatisfy { $0.rule == expected.rule })
    let places = findings.map {
      "\($0.position.file.split(separator: "/").last ?? ""):\($0.position.line):\($0.position.column)"
    }
    #expect(places == expected.places)
    #expect(findings.allSatisfy { !$0.message.isEmpty && !$0.fix.isEmpty })
  }

  @Test(arguments: expectations)
  func theRuleFindsNothingInItsCleanFixture(_ expected: Expectation) {
    #expect(Self.findings(expected, in: "NotFound").isEmpty)
  }

  @Test func lintLeavesAnUnrestatedConformanceToTheCompilerWhichWarnsAboutIt() {
    let folder = Paths.fixture("ComponentNotRestatingSendable/Found")
    #expect(Analysis.findings(folder).isEmpty)
    let wiring = Analysis.wiring(folder).wiring
    let finding = ComponentNotRestatingSendableRule().check(LintContext(wiring)).first
    #expect(
      finding?.message.contains(
        "\"class 'AppComponent' must restate inherited '@unchecked Sendable' conformance\"")
        == true)
  }

  @Test func aComponentThatRestatesItsConformanceOnALineOfItsOwnIsNotReported() {
    let wiring = Analysis.wiring(
      source: """
        final class WideComponent: Component<any WideDependency>, FirstDependency,
          @unchecked Sendable
        {}
        final class Helper {}
        """)
    #expect(ComponentNotRestatingSendableRule().check(LintContext(wiring)).isEmpty)
  }

  @Test func everyRuleHasAFixture() {
    #expect(Set(Self.expectations.map(\.rule)) == Set(Linter.rules.map(\.id)))
  }

  @Test func aCleanTreeHasNoFindings() {
    #expect(Analysis.findings(Paths.fixture("CleanTree")).isEmpty)
  }

  @Test func messagesNameTheComponentAndTheFix() throws {
    let finding = try #require(Analysis.findings(Paths.fixture("StoredVariable/Found")).first)
    #expect(finding.message.contains("`var count` in CounterComponent"))
    #expect(finding.fix.contains("make it a `let`"))
    let unconformed = try #require(
      Analysis.findings(Paths.fixture("UnconformedDependency/Found")).first)
    #expect(unconformed.fix.contains("extension ParentComponent: ProfileDependency"))
  }

  @Test func aSharedCycleIsNamedAsTheRunTimeNamesIt() throws {
    let findings = Analysis.findings(Paths.fixture("SharedCycle/Found")).map(\.message)
    #expect(
      findings.first?.hasPrefix(
        "dependency cycle in HomeComponent: analytics -> session -> analytics "
          + "(through HomeComponent.currentSession):") == true)
    // Through a child built with `self` as its dependency, which reads the key back.
    #expect(
      findings.last?.hasPrefix(
        "dependency cycle in HomeComponent: theme -> theme (through SettingsComponent.preview):")
        == true)
  }

  @Test func aSharedPropertyThatReadsItselfIsACycle() {
    let wiring = Analysis.wiring(
      source: """
        final class LoopComponent: EmptyComponent {
          var node: Node { shared { Node(next: self.node) } }
        }
        """)
    #expect(
      SharedCycleRule().check(LintContext(wiring)).first?.message.hasPrefix(
        "dependency cycle in LoopComponent: node -> node:") == true)
  }

  @Test func aSharedRouterIsToldToMoveToItsBuilder() {
    let findings = Analysis.findings(Paths.fixture("SharedHoldsUnit/Found"))
    #expect(findings.first?.fix.hasPrefix("drop `shared { }`") == true)
    #expect(findings.last?.fix.hasPrefix("build the router in its napkin's builder") == true)
  }

  @Test func aSharedViewableOrLaunchRouterWhoseNameSaysNothingIsToldToMoveToItsBuilderToo() {
    let wiring = Analysis.wiring(
      source: """
        final class Shell: LaunchRouter<ShellInteractable, ShellViewControllable> {}
        final class Card: ViewableRouter<CardInteractable, CardViewControllable> {}
        final class RootComponent: EmptyComponent {
          var shell: Shell { shared { Shell(interactor: ShellInteractor()) } }
          var card: Card { shared { Card(interactor: CardInteractor()) } }
        }
        """)
    let fixes = Linter.findings(in: wiring).filter { $0.rule == SharedHoldsUnitRule.id }.map(\.fix)
    #expect(fixes.count == 2)
    #expect(fixes.allSatisfy { $0.hasPrefix("build the router in its napkin's builder") })
  }

  @Test func sharedTwiceCountsCallsInsideTheFactoryToo() {
    let wiring = Analysis.wiring(
      source: """
        final class NestedComponent: EmptyComponent {
          var session: Session { shared { Session(store: shared { Store() }) } }
        }
        """)
    #expect(Linter.findings(in: wiring).map(\.rule) == [SharedCalledTwiceRule.id])
  }

  @Test func aNestedFunctionHasAKeyOfItsOwn() {
    let wiring = Analysis.wiring(
      source: """
        final class NestedComponent: EmptyComponent {
          var session: Session {
            func store() -> Store { shared { Store() } }
            return shared { Session(store: store()) }
          }
        }
        """)
    #expect(Linter.findings(in: wiring).isEmpty)
  }

  @Test func twoSharedCallsInAnInitializerCollide() {
    let wiring = Analysis.wiring(
      source: """
        final class EagerComponent: EmptyComponent {
          override init() {
            super.init()
            _ = shared { A() }
            _ = shared { B() }
          }
        }
        """)
    #expect(Linter.findings(in: wiring).map(\.rule) == [SharedCalledTwiceRule.id])
  }
}

/// What counts as a use of a pass-through, and why the answer does not depend on the path.
struct PassThroughUseTests {
  private func places(_ findings: [Finding]) -> [String] {
    findings.map { "\($0.position.file.split(separator: "/").last ?? ""):\($0.position.line)" }
  }

  @Test func lintingTheTargetOrThePackageRootFindsTheSameUnusedPassThroughs() {
    let target = Analysis.findings(Paths.fixture("PathIndependence/Sources/MyApp"))
    let package = Analysis.findings(Paths.fixture("PathIndependence"))
    #expect(places(target) == ["HomeComponent.swift:10", "HomeComponent.swift:11"])
    #expect(places(package) == places(target))
  }

  @Test func aReadOnAValueOfTheComponentsTypeIsAUse() {
    let wiring = Analysis.wiring(
      source: """
        protocol HomeDependency: Dependency { var clock: any Clock { get } }
        final class HomeComponent: Component<any HomeDependency> {
          var clock: any Clock { dependency.clock }
          var viaSelf: any Clock { dependency.viaSelf }
          var viaParameter: any Clock { dependency.viaParameter }
          var viaCall: any Clock { dependency.viaCall }
          var describe: String { "\\(self.viaSelf)" }
        }
        func build(dependency: any HomeDependency, component: HomeComponent) {
          let home = HomeComponent(dependency: dependency)
          _ = home.clock
          _ = component.viaParameter
          _ = HomeComponent(dependency: dependency).viaCall
        }
        """)
    #expect(UnusedPassThroughRule().check(LintContext(wiring)).isEmpty)
  }

  @Test func aReadWhoseTypeTheSyntaxDoesNotShowIsNotAUse() {
    let wiring = Analysis.wiring(
      source: """
        protocol HomeDependency: Dependency {}
        final class HomeComponent: Component<any HomeDependency> {
          var clock: any Clock { dependency.clock }
        }
        func read(router: HomeRouter) { _ = router.component.clock }
        """)
    #expect(UnusedPassThroughRule().check(LintContext(wiring)).map(\.position.line) == [3])
  }
}
