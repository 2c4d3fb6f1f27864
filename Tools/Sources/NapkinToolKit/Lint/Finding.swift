/// One thing `napkin lint` found: where, what is wrong, how to fix it.
struct Finding: Hashable, Sendable, Codable {
  /// The rules, by the identifier printed with each finding.
  enum Rule: String, Hashable, Sendable, Codable, CaseIterable {
    case storedVariable = "stored-var"
    case sharedInMethodWithParameters = "shared-in-method-with-parameters"
    case sharedCalledTwice = "shared-called-twice"
    case unconformedDependency = "unconformed-dependency"
    case unusedPassThrough = "unused-pass-through"
    case sharedCycle = "shared-cycle"
    case sharedHoldsUnit = "shared-holds-builder-or-router"
    case sharedNotSendable = "shared-not-sendable"
    case dependencyNotNonisolated = "dependency-not-nonisolated"
    case builderEdgeNotMainActor = "builder-edge-not-main-actor"
    case componentExtensionNotNonisolated = "component-extension-not-nonisolated"
    case parentCycle = "parent-cycle"
    case sharedCapturesComponent = "shared-captures-component"
    case lifecycleInInitializer = "lifecycle-in-initializer"
    case childRouterDroppedAttached = "child-router-dropped-attached"
    case missingPassThrough = "missing-pass-through"
    case componentNotRestatingSendable = "component-not-restating-sendable"
    case edgeNotConformed = "edge-not-conformed"
    case requirementNotProvided = "requirement-not-provided"
    case serviceNotNonisolated = "service-not-nonisolated"
    case staticNotNonisolated = "static-not-nonisolated"
    case globalNotNonisolated = "global-not-nonisolated"
  }

  var rule: Rule
  var position: SourcePosition
  var message: String
  var fix: String
  /// The components the finding is about, to mark them in `graph --format html`.
  var components: [String] = []
}
