import Foundation

/// The edge file `napkin fix` writes for a parent that builds a child with `self` but does not
/// conform to its dependency protocol: `Parent+Child.swift` beside the parent, the convention
/// `napkin new` follows, with the parent's imports and the style of the parent's file.
enum EdgeFileText {
  /// The file's text: the template's imports, then the nonisolated conforming extension with
  /// `members` (the pass-throughs the child needs), indented and ended as the template is.
  static func bytes(_ edge: EdgeFile, members: [String], template: [UInt8]) -> [UInt8] {
    let style = FileStyle(of: template)
    let imports = String(decoding: template, as: UTF8.self)
      .split(omittingEmptySubsequences: true, whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("import ") }
    let end = style.lineEnding
    let child =
      edge.child.hasSuffix("Component")
      ? String(edge.child.dropLast("Component".count)) : edge.child
    var text = Set(imports).sorted().map { $0 + end }.joined()
    if !imports.isEmpty { text += end }
    text += "/// The edge to \(child): \(edge.parent) builds \(edge.child) with `self`." + end
    let opening =
      "nonisolated extension \(edge.parent): \(edge.protocols.joined(separator: " & "))"
    if members.isEmpty {
      text += opening + " {}" + end
    } else {
      text += opening + " {" + end
      text += members.map { style.indentUnit + $0 + end }.joined()
      text += "}" + end
    }
    return Array(text.utf8)
  }

  /// Creates `path` with `bytes`, never over an existing file or through a link: a file already
  /// there is the user's, and fix leaves it alone.
  static func create(_ path: String, bytes: [UInt8]) throws(UsageError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      if errno == EEXIST {
        throw UsageError(
          message: "a file is already there; write the conformance in it by hand, or move it")
      }
      throw UsageError(message: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { buffer in
        // SAFETY: `buffer` is the array's own storage for the duration of the call, and
        // `write` reads at most `buffer.count` bytes of it.
        write(descriptor, buffer.baseAddress, buffer.count)
      }
      guard count > 0 else {
        let message = String(cString: strerror(errno))
        Self.remove(path)
        throw UsageError(message: message)
      }
      offset += count
    }
  }

  /// Removes a file this run created.
  static func remove(_ path: String) {
    unlink(path)
  }
}
