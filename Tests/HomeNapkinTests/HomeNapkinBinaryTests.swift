import Foundation
import Testing

// Child processes: only where Foundation.Process exists.
#if os(macOS) || os(Linux) || os(Windows)

  /// The built program, run as a user would: input piped in, output and exit status checked.
  @Suite struct HomeNapkinBinaryTests {
    @Test func aPipedSessionRunsToTheEndOfInputAndExitsWithZero() throws {
      let run = try BuiltBinary.run(input: "login alice\nprofile\nback\nsettings\ntree\nlogout\n")

      #expect(run.status == 0)
      #expect(run.standardError == "")
      #expect(run.standardOutput.hasPrefix("== Welcome ==\n"))
      #expect(run.standardOutput.contains("> login alice\n== Home ==\nSigned in as alice.\n"))
      #expect(run.standardOutput.contains("> profile\n== Profile ==\nName: alice\n"))
      #expect(run.standardOutput.contains("> tree\nRoot\n  LoggedIn\n    Home\n      Settings\n"))
      #expect(run.standardOutput.hasSuffix("> logout\n== Welcome ==\n" + welcomeBody))
    }

    @Test func quitEndsTheProgramWithZeroBeforeTheRestOfTheInput() throws {
      let run = try BuiltBinary.run(input: "quit\nlogin alice\n")

      #expect(run.status == 0)
      #expect(run.standardOutput == "== Welcome ==\n" + welcomeBody + "> quit\n")
    }

    @Test func anUnknownCommandPrintsHelpAndTheProgramGoesOn() throws {
      let run = try BuiltBinary.run(input: "dance\nlogin bob\n")

      #expect(run.status == 0)
      #expect(run.standardOutput.contains("Unknown command `dance`.\nCommands:\n"))
      #expect(run.standardOutput.contains("Signed in as bob."))
    }

    @Test func helpPrintsUsageAndExitsWithZero() throws {
      let run = try BuiltBinary.run(arguments: ["--help"], input: "")

      #expect(run.status == 0)
      #expect(
        run.standardOutput.hasPrefix(
          "Usage: HomeNapkin [--open profile/<name>] [--snapshot FILE] [--help]\n"))
      #expect(run.standardOutput.contains("  login <name>  sign in"))
    }

    @Test func openOpensTheLinkOnceTheUserSignsIn() throws {
      let run = try BuiltBinary.run(
        arguments: ["--open", "profile/alice"], input: "login alice\n")

      #expect(run.status == 0)
      #expect(run.standardOutput.contains("Opened alice's profile from the link."))
      #expect(run.standardOutput.contains("== Profile ==\nName: alice\n"))
    }

    @Test func openWithoutALinkOrWithAnUnknownOneIsAUsageError() throws {
      let missing = try BuiltBinary.run(arguments: ["--open"], input: "")
      #expect(missing.status == 64)
      #expect(
        missing.standardError == "HomeNapkin: --open needs a link, e.g. `--open profile/alice`.\n")

      let unknown = try BuiltBinary.run(arguments: ["--open", "home/\u{1B}[2J"], input: "")
      #expect(unknown.status == 64)
      #expect(unknown.standardError.hasPrefix("HomeNapkin: `home/\\u{1B}[2J` is not a link"))
    }

    @Test func anUnknownArgumentIsAUsageError() throws {
      let run = try BuiltBinary.run(arguments: ["--verbose"], input: "")

      #expect(run.status == 64)
      #expect(run.standardOutput == "")
      #expect(
        run.standardError
          == "HomeNapkin: unknown option `--verbose`. Try `HomeNapkin --help`.\n")
    }

    @Test func aFullDiskEndsTheProgramWithStatusOneAndOneLine() throws {
      // It crashed on a `try!` with a backtrace and status 132.
      let run = try BuiltBinary.run(input: "login alice\nprofile\n", output: .full)

      #expect(run.reason == .exit)
      #expect(run.status == 1)
      #expect(
        run.standardError == "HomeNapkin: could not write the output: No space left on device.\n")
    }

    @Test func aClosedStandardOutputEndsTheProgramWithStatusOne() throws {
      let run = try BuiltBinary.run(input: "login alice\n", output: .closed)

      #expect(run.reason == .exit)
      #expect(run.status == 1)
      #expect(run.standardError == "HomeNapkin: could not write the output: Bad file descriptor.\n")
    }

    @Test func aReaderThatLeftEndsTheProgramQuietlyWithStatusOne() throws {
      let run = try BuiltBinary.run(
        input: String(repeating: "tree\n", count: 100), output: .brokenPipe)

      #expect(run.reason == .exit)
      #expect(run.status == 1)
      #expect(run.standardError == "")
    }

    @Test func helpToAFullDiskIsAFailureToo() throws {
      let run = try BuiltBinary.run(arguments: ["--help"], input: "", output: .full)

      #expect(run.reason == .exit)
      #expect(run.status == 1)
    }

    @Test func escapeSequencesInPipedInputAreEchoedEscaped() throws {
      let run = try BuiltBinary.run(input: "dance\u{1B}[2J\u{1B}]52;c;eA==\u{07}\n")

      #expect(run.status == 0)
      #expect(!run.standardOutput.contains("\u{1B}"))
      #expect(run.standardOutput.contains("> dance\\u{1B}[2J\\u{1B}]52;c;eA==\\u{7}\n"))
      #expect(
        run.standardOutput.contains("Unknown command `dance\\u{1B}[2J\\u{1B}]52;c;eA==\\u{7}`."))
    }

    @Test func anUnknownArgumentIsEchoedEscaped() throws {
      let run = try BuiltBinary.run(arguments: ["-\u{1B}[2J"], input: "")

      #expect(run.status == 64)
      #expect(
        run.standardError
          == "HomeNapkin: unknown option `-\\u{1B}[2J`. Try `HomeNapkin --help`.\n")
    }

    private let welcomeBody = """
      Nobody is signed in. Type `login <name>` to sign in.
      Commands: login <name>, tree, help, quit


      """
  }
#endif
