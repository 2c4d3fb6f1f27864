import Foundation
import SwiftParser
import SwiftSyntax

/// The edits of `new`'s printed "Next:" step, read from the printed text alone and applied word
/// for word, as a user pasting them would: a replacement must find its text exactly once, and an
/// addition goes at the end of the named declaration's body.
struct PrintedStep {
  enum Edit: Equatable {
    case replace(file: String, old: String, new: String)
    case append(file: String, declaration: String, code: String)
  }

  struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  private(set) var edits: [Edit] = []

  init(output: String) throws {
    guard let range = output.range(of: "\nNext: ") else { throw Problem(description: "no Next:") }
    var lines = output[range.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)[...]
    // Code is the lines four spaces in, blank lines between them included.
    func code() -> String {
      var block: [String] = []
      while let line = lines.first, line.hasPrefix("    ") || line.isEmpty {
        block.append(String(line.dropFirst(4)))
        lines.removeFirst()
      }
      while block.last?.isEmpty == true { block.removeLast() }
      return block.joined(separator: "\n")
    }
    while let line = lines.popFirst() {
      guard line.hasPrefix("In ") else { continue }
      if line.hasSuffix(", replace") {
        let file = String(line.dropFirst(3).dropLast(", replace".count))
        let old = code()
        guard lines.popFirst() == "with" else { throw Problem(description: "no with: \(line)") }
        edits.append(.replace(file: file, old: old, new: code()))
      } else if let marker = line.range(of: ", add at the end of "), line.hasSuffix(":") {
        let file = String(line[line.index(line.startIndex, offsetBy: 3)..<marker.lowerBound])
        let declaration = String(line[marker.upperBound...].dropLast())
        edits.append(.append(file: file, declaration: declaration, code: code()))
      }
    }
  }

  /// Applies every edit to the files, named relative to `root`.
  func apply(in root: String) throws {
    for edit in edits {
      switch edit {
      case .replace(let file, let old, let new):
        let path = root + "/" + file
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let parts = source.components(separatedBy: old)
        guard parts.count == 2 else {
          throw Problem(description: "\(file) holds \(parts.count - 1) copies of\n\(old)")
        }
        try Data(parts.joined(separator: new).utf8).write(to: URL(fileURLWithPath: path))
      case .append(let file, let declaration, let code):
        let path = root + "/" + file
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let name = String(declaration.split(separator: " ").last ?? "")
        let finder = ClosingBraceFinder(name: name)
        finder.walk(Parser.parse(source: source))
        guard let offset = finder.offset else {
          throw Problem(description: "no \(declaration) in \(file)")
        }
        var bytes = Array(source.utf8)
        bytes.insert(contentsOf: Array(("\n" + code + "\n").utf8), at: offset)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
      }
    }
  }
}

/// Where the body of the class or protocol `name` closes.
private final class ClosingBraceFinder: SyntaxVisitor {
  let name: String
  private(set) var offset: Int?

  init(name: String) {
    self.name = name
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.name.text == name {
      offset = node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
    }
    return .skipChildren
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    if node.name.text == name {
      offset = node.memberBlock.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
    }
    return .skipChildren
  }
}
