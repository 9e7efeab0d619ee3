import Schema

/// GraphQL types to Swift types (docs/generated-code.md, "Operation classes").
enum SwiftTypeMapper {
    /// The Swift type of a value of GraphQL type `type` whose innermost type is spelled `base`:
    /// nullable → optional, lists → arrays. Element nullability is dropped as Firebase does
    /// (`[String]` → `[String]`), so a `null` element fails decoding.
    static func swiftType(_ type: TypeRef, base: String) -> String {
        switch type {
        case .nonNull(let inner): core(inner, base: base)
        default: core(type, base: base) + "?"
        }
    }

    private static func core(_ type: TypeRef, base: String) -> String {
        switch type {
        case .named: base
        case .nonNull(let inner): core(inner, base: base)
        case .list(let element): "[" + core(element, base: base) + "]"
        }
    }

    /// `Vector` is a JSON array of floats; no public Firebase output maps it, and `[Double]`
    /// is the only type that decodes it.
    static let scalars = [
        "String": "String", "ID": "String", "Int": "Int", "Int64": "Int64", "Float": "Double",
        "Boolean": "Bool", "UUID": "UUID", "Date": "LocalDate", "Timestamp": "Timestamp",
        "Any": "AnyValue", "Vector": "[Double]",
    ]
}
