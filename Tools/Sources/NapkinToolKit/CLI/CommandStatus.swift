/// The exit statuses of `napkin`, documented in `napkin --help` and Tools/README.md.
enum CommandStatus: Int32, Sendable {
  /// Done; for `lint`, nothing found.
  case success = 0
  /// `lint` found something (the rest of the input was analysed all the same).
  case findings = 1
  /// The command line was wrong: unknown command or option, missing argument.
  case usage = 2
  /// Some input could not be analysed (missing path, unreadable file, syntax error, no Swift
  /// files); the output covers the rest. For `new`: nothing was written.
  case inputProblem = 3
  /// `fix`: the compiler rejected what fix wrote (an error the build before did not have), and
  /// every file was put back as it was.
  case compileError = 4
}

/// A mistake on the command line, with the message that says how to fix it.
struct UsageError: Error, Equatable {
  var message: String
}
