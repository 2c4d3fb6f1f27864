import Testing

@testable import NapkinToolKit

/// `napkin why MEMBER [--in COMPONENT]`: the chain of pass-throughs up to the builder, and who
/// reads the member below it.
struct WhyTests {
  @Test func aPassThroughIsFollowedUpToTheComponentThatSharesIt() {
    let (status, console) = run("why", "userService", "--in", "Home", Paths.fixture("CleanTree"))
    #expect(status == .success, "\(console.errors)")
    let lines = console.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("HomeComponent.userService  ") == true)
    #expect(lines.first?.hasSuffix("pass-through: dependency.userService") == true)
    #expect(lines[1].hasPrefix("  from LoggedInComponent.userService  "))
    #expect(
      lines.contains {
        $0.hasPrefix("  from RootComponent.userService  ")
          && $0.hasSuffix("shared: built once, lives as long as the component")
      })
  }

  @Test func withoutInItAnswersFromTheBuilderAndListsTheReadersBelow() {
    let (status, console) = run("why", "userService", Paths.fixture("CleanTree"))
    #expect(status == .success, "\(console.errors)")
    #expect(console.output.hasPrefix("RootComponent.userService  "))
    #expect(console.output.contains("  read below RootComponent by:\n"))
    #expect(console.output.contains("    LoggedInComponent  "))
    #expect(console.output.contains("    HomeComponent  "))
    #expect(console.output.contains("    ProfileComponent  "))
  }

  @Test func anUnknownMemberOrComponentIsSaidSo() {
    let (status, console) = run("why", "nothing", Paths.fixture("CleanTree"))
    #expect(status == .inputProblem)
    #expect(console.errors.contains("no component has a member named nothing"))
    let (_, other) = run("why", "userService", "--in", "Nowhere", Paths.fixture("CleanTree"))
    #expect(other.errors.contains("no component named NowhereComponent"))
  }
}
