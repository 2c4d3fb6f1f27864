import Foundation
import Testing

@testable import NapkinToolKit

/// Lint predicts the compiler for wiring shapes: each fixture of `Fixtures/Corpus` is compiled
/// in both isolation modes, and every one the compiler rejects has a finding, every lint-clean
/// one compiles, and where `napkin fix` can write the answer, the fixed copy compiles in both.
@Suite(
  .serialized, .enabled(if: FixtureCompiler.isAvailable, "no Swift toolchain or Napkin sources"))
struct CompilerCorpusTests {
  /// One shape: the rules lint must report, and whether `napkin fix` alone makes it compile.
  struct Case: Sendable, CustomTestStringConvertible {
    var folder: String
    var rules: Set<Finding.Rule>
    var fixMakesItCompile: Bool

    var testDescription: String { folder }
  }

  static let cases: [Case] = [
    Case(
      folder: "CallSiteEdgeUnconformed", rules: [EdgeNotConformedRule.id], fixMakesItCompile: true),
    Case(folder: "DeepPassThrough", rules: [MissingPassThroughRule.id], fixMakesItCompile: true),
    Case(
      folder: "EffectfulPassThrough", rules: [MissingPassThroughRule.id], fixMakesItCompile: true),
    Case(
      folder: "MainActorViewMember", rules: [BuilderEdgeNotMainActorRule.id],
      fixMakesItCompile: true),
    Case(
      folder: "BuilderMemberInClass", rules: [BuilderEdgeNotMainActorRule.id],
      fixMakesItCompile: true),
    Case(
      folder: "ServiceNotNonisolated", rules: [ServiceNotNonisolatedRule.id],
      fixMakesItCompile: true),
    // Only a person can choose between an actor, `@MainActor` and a `Mutex`.
    Case(folder: "ServiceNotSendable", rules: [SharedNotSendableRule.id], fixMakesItCompile: false),
    Case(
      folder: "ExtensionConformanceNotNonisolated",
      rules: [ComponentExtensionNotNonisolatedRule.id],
      fixMakesItCompile: true),
    Case(
      folder: "DependencyNotNonisolated", rules: [DependencyNotNonisolatedRule.id],
      fixMakesItCompile: true),
    Case(
      folder: "StaticReadInService", rules: [StaticNotNonisolatedRule.id], fixMakesItCompile: true),
    // Each pass-through form: effects, typed throws, rethrows, autoclosure, inout, generics.
    Case(
      folder: "MethodFormsPassThrough", rules: [MissingPassThroughRule.id], fixMakesItCompile: true),
    // A requirement under `#if os(iOS)` stays under it, and the conformance of two call sites
    // under different `#if`s holds under both.
    Case(
      folder: "ConditionalRequirementPassThrough",
      rules: [EdgeNotConformedRule.id, MissingPassThroughRule.id],
      fixMakesItCompile: true),
    // A byte-order mark, `@preconcurrency` and `public` imports, `#if canImport(UIKit)`, and a
    // pass-through whose type needs the child's file's `import Foundation`.
    Case(
      folder: "EdgeFileImports", rules: [EdgeNotConformedRule.id, MissingPassThroughRule.id],
      fixMakesItCompile: true),
    Case(
      folder: "GenericBaseAnyArgument", rules: [EdgeNotConformedRule.id], fixMakesItCompile: true),
    // Needle's builder protocols: the requirement gets `@MainActor` with its witness.
    Case(
      folder: "BuilderRequirementWitness", rules: [BuilderEdgeNotMainActorRule.id],
      fixMakesItCompile: true),
    // What a factory calls, resolved: a free function, a static factory method, a typealias,
    // `.init()` of the property's type, a nested type (each main-actor in Xcode 26's mode).
    Case(
      folder: "FactoryCallsFreeFunction", rules: [GlobalNotNonisolatedRule.id],
      fixMakesItCompile: true
    ),
    // A default argument of a nonisolated service's initializer calls a free function.
    Case(
      folder: "DefaultArgumentCallsFreeFunction", rules: [GlobalNotNonisolatedRule.id],
      fixMakesItCompile: true),
    Case(
      folder: "FactoryStaticFactoryMethod", rules: [ServiceNotNonisolatedRule.id],
      fixMakesItCompile: true),
    Case(
      folder: "FactoryThroughTypealias", rules: [ServiceNotNonisolatedRule.id],
      fixMakesItCompile: true),
    Case(
      folder: "FactoryImplicitInit", rules: [ServiceNotNonisolatedRule.id], fixMakesItCompile: true),
    Case(
      folder: "FactoryNestedType", rules: [ServiceNotNonisolatedRule.id], fixMakesItCompile: true),
    // A nonisolated service's stored default calls a static of a type that states nothing
    // ("main actor-isolated default value in a nonisolated context"), as Needle's streams do.
    Case(
      folder: "ServiceDefaultValueCallsStatic", rules: [ServiceNotNonisolatedRule.id],
      fixMakesItCompile: true),
    // Shared values that are not Sendable, whatever their syntax; a person chooses.
    Case(
      folder: "SharedCollectionNotSendable", rules: [SharedNotSendableRule.id],
      fixMakesItCompile: false
    ),
    Case(
      folder: "SharedClosureNotSendable", rules: [SharedNotSendableRule.id],
      fixMakesItCompile: false),
    // Subscripts are requirements too: passed through, or named when no ancestor has one.
    Case(
      folder: "SubscriptPassThrough", rules: [MissingPassThroughRule.id], fixMakesItCompile: true),
    Case(
      folder: "SubscriptRequirementNotProvided", rules: [RequirementNotProvidedRule.id],
      fixMakesItCompile: false),
    // Compiles in both modes, so no finding: a struct's implicit initializer, a protocol
    // extension's default, a member of a generic base component.
    Case(folder: "CleanSendableStructService", rules: [], fixMakesItCompile: true),
    // A class built fresh whose implicit initializer runs no call is nonisolated: no finding.
    Case(folder: "FreshNonSendableService", rules: [], fixMakesItCompile: true),
    Case(folder: "CleanProtocolExtensionDefault", rules: [], fixMakesItCompile: true),
    Case(folder: "CleanInheritedFromGenericBase", rules: [], fixMakesItCompile: true),
    Case(folder: "CleanGenericBase", rules: [], fixMakesItCompile: true),
    Case(folder: "CleanEmptyDependencyLeaf", rules: [], fixMakesItCompile: true),
    Case(folder: "CleanMethodPassThrough", rules: [], fixMakesItCompile: true),
    Case(folder: "CleanMainActorRequirement", rules: [], fixMakesItCompile: true),
  ]

  @Test(arguments: cases)
  func lintFindsWhatTheCompilerRejectsInEitherModeAndLintCleanCompilesInBoth(_ shape: Case)
    throws
  {
    let folder = Paths.fixture("Corpus/" + shape.folder)
    let findings = Analysis.findings(folder)
    #expect(Set(findings.map(\.rule)) == shape.rules, "\(findings.map(\.message))")
    let files = FixtureCompiler.swiftFiles(in: folder)
    for mode in FixtureCompiler.Mode.allCases {
      let outcome = try FixtureCompiler.typecheck(files, mode: mode)
      if !outcome.compiles {
        #expect(!findings.isEmpty, "the compiler rejects it in \(mode): \(outcome.errors)")
      }
      if findings.isEmpty {
        #expect(outcome.compiles, "lint-clean, but in \(mode): \(outcome.errors)")
      }
    }
  }

  @Test(arguments: cases.filter { !$0.rules.isEmpty && $0.fixMakesItCompile })
  func whatFixWritesCompilesInBothModesAndLeavesLintClean(_ shape: Case) throws {
    let scratch = try ScratchFolder()
    try FileManager.default.copyItem(
      atPath: Paths.fixture("Corpus/" + shape.folder), toPath: scratch.path + "/App")
    let (status, console) = run("fix", scratch.path + "/App")
    #expect(status == .success, "\(console.errors)")
    #expect(Analysis.findings(scratch.path + "/App").isEmpty)
    let files = FixtureCompiler.swiftFiles(in: scratch.path + "/App")
    for mode in FixtureCompiler.Mode.allCases {
      let outcome = try FixtureCompiler.typecheck(files, mode: mode)
      #expect(
        outcome.compiles, "after napkin fix, in \(mode): \(outcome.errors)\n\(console.output)")
    }
  }

  @Test func aNonSendableServiceGetsTheChoicesAndFixDoesNotGuess() throws {
    let scratch = try ScratchFolder()
    try FileManager.default.copyItem(
      atPath: Paths.fixture("Corpus/ServiceNotSendable"), toPath: scratch.path + "/App")
    let finding = try #require(
      Analysis.findings(scratch.path + "/App").first { $0.rule == SharedNotSendableRule.id })
    for choice in ["`actor`", "`@MainActor`", "`Mutex`", "napkin fix does not guess"] {
      #expect(finding.fix.contains(choice), "\(finding.fix)")
    }
    let before = try String(contentsOfFile: scratch.path + "/App/App.swift", encoding: .utf8)
    let (status, console) = run("fix", scratch.path + "/App")
    #expect(status == .success)
    #expect(console.output.hasPrefix("Nothing to fix"))
    #expect(try String(contentsOfFile: scratch.path + "/App/App.swift", encoding: .utf8) == before)
  }
}
