import Foundation
import Testing

/// `Schema/napkin.schema.json`, read from the repository, and a check that a JSON document uses
/// exactly the names it defines: every required key present, no key it does not list.
enum SchemaFile {
  struct Mismatch: Error, CustomStringConvertible {
    let description: String
  }

  static func definitions(filePath: String = #filePath) throws -> [String: [String: Any]] {
    var folder = URL(fileURLWithPath: filePath)
    while folder.lastPathComponent != "Tests" { folder.deleteLastPathComponent() }
    let url = folder.deletingLastPathComponent().appending(path: "Schema/napkin.schema.json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    guard let definitions = object?["$defs"] as? [String: [String: Any]] else {
      throw Mismatch(description: "\(url.path) has no $defs")
    }
    return definitions
  }

  /// Checks `value` against the definition `name`, following `$ref`s into objects and arrays.
  static func check(
    _ value: Any, against name: String, in definitions: [String: [String: Any]],
    path: String = "$"
  ) throws {
    guard let definition = definitions[name] else {
      throw Mismatch(description: "the schema defines no \(name)")
    }
    guard definition["type"] as? String == "object" else { return }
    guard let object = value as? [String: Any] else {
      throw Mismatch(description: "\(path) is not an object, as \(name) is")
    }
    let properties = definition["properties"] as? [String: [String: Any]] ?? [:]
    let required = Set(definition["required"] as? [String] ?? [])
    let keys = Set(object.keys)
    if let missing = required.subtracting(keys).sorted().first {
      throw Mismatch(description: "\(path) lacks \(missing), which \(name) requires")
    }
    if let unknown = keys.subtracting(properties.keys).sorted().first {
      throw Mismatch(description: "\(path) has \(unknown), which \(name) does not define")
    }
    for (key, property) in properties {
      guard let child = object[key] else { continue }
      if let reference = reference(property) {
        try check(child, against: reference, in: definitions, path: "\(path).\(key)")
      } else if let items = property["items"] as? [String: Any], let reference = reference(items),
        let array = child as? [Any]
      {
        for (index, element) in array.enumerated() {
          try check(element, against: reference, in: definitions, path: "\(path).\(key)[\(index)]")
        }
      }
    }
  }

  private static func reference(_ property: [String: Any]) -> String? {
    (property["$ref"] as? String).map { String($0.split(separator: "/").last ?? "") }
  }
}
