import Testing

@testable import NapkinToolKit

struct PropertyClassificationTests {
  private func kinds(_ members: String) -> [String: PropertyKind] {
    let wiring = Analysis.wiring(
      source: """
        final class SampleComponent: Component<any SampleDependency> {
        \(members)
        }
        """)
    let properties = wiring.component(named: "SampleComponent")?.properties ?? []
    return Dictionary(properties.map { ($0.name, $0.kind) }) { first, _ in first }
  }

  @Test func aGetterThatCallsSharedIsShared() {
    let found = kinds(
      """
        var a: A { shared { A() } }
        var b: B { self.shared { B() } }
        var c: C {
          get { return shared { C() } }
        }
      """)
    #expect(found == ["a": .shared, "b": .shared, "c": .shared])
  }

  @Test func aGetterThatConstructsSomethingIsFresh() {
    let found = kinds(
      """
        var a: A { A(b: dependency.b) }
        var b: B { try! B.make() }
      """)
    #expect(found == ["a": .fresh, "b": .fresh])
  }

  @Test func aGetterThatReadsTheDependencyIsAPassThrough() {
    let found = kinds(
      """
        var a: A { dependency.a }
        var b: B { self.dependency.renamed }
      """)
    #expect(found == ["a": .passThrough(member: "a"), "b": .passThrough(member: "renamed")])
  }

  @Test func storedPropertiesAreToldApartByTheirKeyword() {
    let found = kinds(
      """
        let a: A
        var b = 0
        lazy var c = C()
        var d = 1 { didSet {} }
        static var e = 2
        var f: Int { 42 }
      """)
    #expect(
      found == [
        "a": .stored(isVariable: false), "b": .stored(isVariable: true),
        "c": .stored(isVariable: true), "d": .stored(isVariable: true), "f": .computed,
      ])
  }

  @Test func propertiesInsideIfConfigBranchesCount() {
    let found = kinds(
      """
        #if DEBUG
          var a: A { shared { A() } }
        #else
          var b = 0
        #endif
      """)
    #expect(found == ["a": .shared, "b": .stored(isVariable: true)])
  }
}
