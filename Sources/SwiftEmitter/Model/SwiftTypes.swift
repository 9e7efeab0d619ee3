import Diagnostics
import IR

/// The IR's named types as one package declares them in Swift (key structs, enums, input
/// structs, in the IR's orders) and the Swift spelling of every type name they give.
struct SwiftTypes: Sendable {
    /// The Swift base type of each scalar, key type (input and output) and enum, by GraphQL name.
    private let named: [String: String]
    /// The input types that become input structs.
    private let inputNames: Set<String>
    let enums: [IREnum]
    private(set) var keys: [KeyStruct] = []
    private(set) var inputs: [InputStruct] = []

    /// The types of `connector`'s package; a key field without a Swift type is an error.
    init(ir: IR, connector: IRConnector, diagnostics: inout DiagnosticCollector) {
        var named: [String: String] = [:]
        for userEnum in ir.enums { named[userEnum.name] = SwiftIdentifier.escaped(userEnum.name) }
        for key in ir.keyTypes {
            let name = GeneratedNames.keyStruct(table: key.table)
            named[key.inputType] = name
            named[key.outputType] = name
        }
        // A scalar or built-in enum wins over a declared type of its name.
        for builtin in BuiltinEnum.all { named[builtin.graphQLName] = builtin.swiftName }
        self.named = named.merging(SwiftTypeMapper.scalars) { _, scalar in scalar }
        inputNames = Set(connector.inputTypes.map(\.name))
        enums = ir.enums
        keys = ir.keyTypes.compactMap { KeyStruct($0, in: self, diagnostics: &diagnostics) }
        inputs = InputStruct.all(connector.inputTypes, in: self)
    }

    /// Swift spelling of the GraphQL scalar, built-in enum, key type or schema enum `name`; nil
    /// for object and input types, which need a generated struct, and the prelude's other enums.
    func baseType(_ name: String) -> String? { named[name] }

    /// The Swift base type of an input field or variable: `baseType`, else the input struct.
    func inputBaseType(_ name: String) -> String? {
        baseType(name) ?? (isInputStruct(name) ? SwiftIdentifier.escaped(name) : nil)
    }

    /// Whether the GraphQL input type `name` becomes an input struct.
    func isInputStruct(_ name: String) -> Bool { inputNames.contains(name) }
}
