import Airframe
import Dispatch
import NapkinTesting
import Testing

@Suite struct ConfiguredTests {
  @Test func aConfiguredValueIsReadBack() {
    let global = Configured<TestConfig>()
    #expect(!global.isConfigured)
    global.configure(TestConfig(name: "launch"))
    #expect(global.isConfigured)
    #expect(global.value == TestConfig(name: "launch"))
  }

  #if os(macOS) || os(Linux) || os(FreeBSD) || os(OpenBSD) || os(Windows)
    @Test func readingBeforeConfigureStopsWithTheTypeAndWhatToCall() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = TestConfig.shared
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("TestConfig was read before it was configured"))
      #expect(message.contains("Call TestConfig.configure(_:) once at launch"))
    }

    @Test func readingBeforeConfigureNamesTheScratchConfigTraitForTests() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = TestConfig.shared
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("the .scratchConfig trait of NapkinTesting"), "\(message)")
    }

    @Test func aConfigureCallWithControlCharactersIsPrintedEscaped() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Configured<Int>(configureCall: "Limits.setUp(_:)\u{1B}[2J").value
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains(#"Call Limits.setUp(_:)\u{1B}[2J once"#), "\(message)")
      #expect(!message.contains("\u{1B}"))
    }

    @Test func configuringTwiceStopsWithTheTypeAndWhatToCall() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        TestConfig.configure(TestConfig(name: "first"))
        TestConfig.configure(TestConfig(name: "first"))
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("TestConfig was configured twice"))
      #expect(message.contains("Call TestConfig.configure(_:) exactly once"))
    }

    @Test func configuringTwiceStopsAtTheSecondCallersLine() async {
      // An exit test's body is expanded at the `#expect`, so that is the caller's line.
      let line = #line + 1
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let global = Configured<Int>()
        global.configure(1)
        global.configure(2)
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("AirframeTests/ConfiguredTests.swift:\(line)"), "\(message)")
      #expect(message.contains("Int was configured twice"))
    }

    @Test func racingConfiguresLetOneWinAndStopTheOther() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        DispatchQueue.concurrentPerform(iterations: 2) { index in
          TestConfig.configure(TestConfig(name: "thread \(index)"))
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("TestConfig was configured twice"))
    }

    @Test func aCustomConfigureCallIsNamedInTheMessage() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = Configured<Int>(configureCall: "Limits.setUp(_:)").value
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("Int was read before it was configured. Call Limits.setUp(_:)"))
    }
  #endif

  @Test func readersRacingConfigureSeeTheWholeValue() async {
    let global = Configured<TestConfig>()
    let expected = TestConfig(name: String(repeating: "x", count: 100))
    let seen = Log<TestConfig>()
    await withTaskGroup { group in
      for _ in 0..<8 {
        group.addTask {
          while !global.isConfigured { await Task.yield() }
          for _ in 0..<1_000 { seen.append(global.value) }
        }
      }
      group.addTask { global.configure(expected) }
    }
    #expect(seen.elements.count == 8_000)
    #expect(seen.elements.allSatisfy { $0 == expected })
  }
}

@Suite struct ScratchConfigTests {
  @Test func aScratchValueNeedsNoConfigurationAndEndsWithItsBody() async {
    let global = Configured<TestConfig>()
    let inside = await global.withScratchValue(TestConfig(name: "scratch")) {
      await Task.yield()
      return (global.value, global.isConfigured)
    }
    #expect(inside.0 == TestConfig(name: "scratch"))
    #expect(inside.1)
    #expect(!global.isConfigured)
  }

  @Test func aScratchValueHidesTheConfiguredOneAndScopesNest() async {
    let global = Configured<TestConfig>()
    global.configure(TestConfig(name: "launch"))
    await global.withScratchValue(TestConfig(name: "outer")) {
      #expect(global.value.name == "outer")
      await global.withScratchValue(TestConfig(name: "inner")) {
        await Task.yield()
        #expect(global.value.name == "inner")
      }
      #expect(global.value.name == "outer")
    }
    #expect(global.value.name == "launch")
    global.withScratchValue(TestConfig(name: "sync")) {
      #expect(global.value.name == "sync")
    }
  }

  @Test func childTasksSeeTheScratchValueAndDetachedTasksDoNot() async {
    let global = Configured<TestConfig>()
    await global.withScratchValue(TestConfig(name: "tree")) {
      async let child = global.value.name
      let unstructured = Task { global.value.name }
      let detached = Task.detached { global.isConfigured }
      #expect(await child == "tree")
      #expect(await unstructured.value == "tree")
      #expect(await detached.value == false)
    }
  }

  @Test func parallelScopesNeverSeeEachOthersValues() async {
    let global = Configured<TestConfig>()
    let mismatches = Log<String>()
    await withTaskGroup { group in
      for index in 0..<64 {
        group.addTask {
          await global.withScratchValue(TestConfig(name: "task \(index)")) {
            for _ in 0..<50 {
              await Task.yield()
              if global.value.name != "task \(index)" { mismatches.append(global.value.name) }
            }
          }
        }
      }
    }
    #expect(mismatches.elements.isEmpty)
  }

  @Test(arguments: 0..<16)
  func parallelTestCasesEachSeeTheirOwnScratchValue(index: Int) async {
    await TestConfig.global.withScratchValue(TestConfig(name: "case \(index)")) {
      for _ in 0..<20 {
        await Task.yield()
        #expect(TestConfig.shared.name == "case \(index)")
      }
    }
  }

  @Test(.scratchConfig(TestConfig.global, TestConfig(name: "from the trait")))
  func theTraitScopesAScratchValueToOneTest() async {
    await Task.yield()
    #expect(TestConfig.shared.name == "from the trait")
  }

  @Test(
    .scratchConfig(TestConfig.global) { TestConfig(name: "made per case") },
    arguments: 0..<4)
  func theTraitBuildsAValuePerTestCase(index: Int) {
    #expect(TestConfig.shared.name == "made per case")
  }
}

@Suite(.scratchConfig(TestConfig.global, TestConfig(name: "suite")))
struct ScratchConfigSuiteTraitTests {
  @Test func everyTestOfTheSuiteSeesTheSuitesScratchValue() {
    #expect(TestConfig.shared.name == "suite")
  }

  @Test(.scratchConfig(TestConfig.global, TestConfig(name: "test")))
  func aTestsOwnTraitWinsOverItsSuites() {
    #expect(TestConfig.shared.name == "test")
  }
}

@Suite struct ConfiguredMemoryTests {
  final class Resource: Sendable {}
  struct Holder: Sendable { let resource: Resource }

  @Test func aConfiguredValueIsReleasedWithItsGlobal() {
    weak var weakResource: Resource?
    do {
      let resource = Resource()
      weakResource = resource
      let global = Configured<Holder>()
      global.configure(Holder(resource: resource))
      #expect(global.value.resource === resource)
    }
    #expect(weakResource == nil)
  }

  @Test func aScratchValueIsReleasedWhenItsScopeEnds() async {
    let global = Configured<Holder>()
    weak var weakResource: Resource?
    await {
      let resource = Resource()
      weakResource = resource
      await global.withScratchValue(Holder(resource: resource)) {
        await Task.yield()
        #expect(global.value.resource === resource)
      }
    }()
    #expect(weakResource == nil)
  }
}
