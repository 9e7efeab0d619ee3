import GraphQL

/// A named type of the schema: scalar, object, interface, union, enum or input object.
///
/// Types are immutable and shared by reference, since every stage hands them around; synthesis
/// and loading put them together with a `Builder`. Members keep declaration order and are found
/// by name through an index.
public final class SchemaType: Hashable, Sendable {
    /// The kinds of the syntax tree; the raw value is the SDL keyword.
    public typealias Kind = TypeDefinition.Kind

    /// Everything the type holds, as it was built.
    private let parts: Builder
    /// The `@fdc_oneOf` groups of an input object's fields, worked out once, when the type is built.
    public let oneOfGroups: [OneOfGroup]

    public var kind: Kind { parts.kind }
    public var name: String { parts.name }
    public var description: String? { parts.description }
    public var directives: [DirectiveUse] { parts.directives }
    public var origin: Origin { parts.origin }
    /// Interfaces an object or interface type implements.
    public var interfaces: [String] { parts.interfaces }
    /// Member types of a union.
    public var possibleTypes: [String] { parts.possibleTypes }
    /// Fields of an object or interface type.
    public var fields: [SchemaField] { parts.fields }
    /// Fields of an input object type.
    public var inputFields: [SchemaInputValue] { parts.inputFields }
    /// Values of an enum type.
    public var enumValues: [SchemaEnumValue] { parts.enumValues }

    /// A type with the given members; a member whose name repeats an earlier one is dropped.
    public convenience init(
        kind: Kind, name: String, description: String? = nil, directives: [DirectiveUse] = [], origin: Origin = .builtin,
        interfaces: [String] = [], possibleTypes: [String] = [], fields: [SchemaField] = [], inputFields: [SchemaInputValue] = [],
        enumValues: [SchemaEnumValue] = []
    ) {
        var builder = Builder(kind: kind, name: name, description: description, directives: directives, origin: origin,
                              interfaces: interfaces, possibleTypes: possibleTypes)
        builder.add(contentsOf: fields)
        builder.add(contentsOf: inputFields)
        for value in enumValues { builder.add(value) }
        self.init(builder)
    }

    init(_ builder: Builder) {
        parts = builder
        oneOfGroups = builder.kind == .inputObject ? OneOfGroup.groups(in: builder.inputFields) : []
    }

    /// Scalar, enum or input object: usable as an argument or variable type.
    public var isInputType: Bool { isLeafType || kind == .inputObject }
    /// Scalar or enum, selected without a sub-selection.
    public var isLeafType: Bool { kind == .scalar || kind == .enumType }
    /// Object, interface or union, which needs a sub-selection.
    public var isCompositeType: Bool { kind == .object || kind == .interface || kind == .union }

    /// The field of this name of an object or interface type.
    public func field(named name: String) -> SchemaField? {
        guard kind == .object || kind == .interface, let entry = member(name), entry.list == .fields else { return nil }
        return fields[entry.position]
    }

    /// The input field of this name of an input object type.
    public func inputField(named name: String) -> SchemaInputValue? {
        guard kind == .inputObject, let entry = member(name), entry.list == .inputFields else { return nil }
        return inputFields[entry.position]
    }

    /// The value of this name of an enum type.
    public func enumValue(named name: String) -> SchemaEnumValue? {
        guard kind == .enumType, let entry = member(name), entry.list == .enumValues else { return nil }
        return enumValues[entry.position]
    }

    private func member(_ name: String) -> (list: MemberIndex.List, position: Int)? {
        parts.index.find(name) { Self.memberName($0, $1, fields, inputFields, enumValues) }
    }

    fileprivate static func memberName(
        _ list: MemberIndex.List, _ position: Int, _ fields: [SchemaField], _ inputFields: [SchemaInputValue],
        _ enumValues: [SchemaEnumValue]
    ) -> String {
        switch list {
        case .fields: fields[position].name
        case .inputFields: inputFields[position].name
        case .enumValues: enumValues[position].name
        }
    }

    public func directive(named name: String) -> DirectiveUse? { directives.first { $0.name == name } }
    public func hasDirective(_ name: String) -> Bool { directive(named: name) != nil }

    public static func == (lhs: SchemaType, rhs: SchemaType) -> Bool {
        lhs === rhs || lhs.kind == rhs.kind && lhs.name == rhs.name && lhs.description == rhs.description && lhs.directives == rhs.directives
            && lhs.origin == rhs.origin && lhs.interfaces == rhs.interfaces && lhs.possibleTypes == rhs.possibleTypes
            && lhs.fields == rhs.fields && lhs.inputFields == rhs.inputFields && lhs.enumValues == rhs.enumValues
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(name)
        hasher.combine(fields.count + inputFields.count + enumValues.count)
    }

    /// A type being put together: members are added one at a time, each name once.
    public struct Builder: Sendable {
        public let kind: Kind
        public let name: String
        public var description: String?
        public var directives: [DirectiveUse]
        public var origin: Origin
        public var interfaces: [String]
        public var possibleTypes: [String]
        public private(set) var fields: [SchemaField] = []
        public private(set) var inputFields: [SchemaInputValue] = []
        public private(set) var enumValues: [SchemaEnumValue] = []
        fileprivate private(set) var index = MemberIndex()

        /// A type without members yet.
        public init(
            kind: Kind, name: String, description: String? = nil, directives: [DirectiveUse] = [], origin: Origin = .builtin,
            interfaces: [String] = [], possibleTypes: [String] = []
        ) {
            self.kind = kind
            self.name = name
            self.description = description
            self.directives = directives
            self.origin = origin
            self.interfaces = interfaces
            self.possibleTypes = possibleTypes
        }

        /// Everything `type` holds, to add more to.
        public init(_ type: SchemaType) {
            self = type.parts
        }

        /// The finished type.
        public func build() -> SchemaType { SchemaType(self) }

        /// Appends a field; false (and no change) when a member of that name exists already.
        @discardableResult
        public mutating func add(_ field: SchemaField) -> Bool {
            guard record(field.name, .fields, at: fields.count) else { return false }
            fields.append(field)
            return true
        }

        /// Appends the fields whose names are new and returns the positions (in `newFields`) of
        /// those whose name was taken, which are left out.
        @discardableResult
        public mutating func add(contentsOf newFields: [SchemaField]) -> [Int] {
            fields.reserveCapacity(fields.count + newFields.count)
            reserveIndex(for: newFields.count)
            return newFields.indices.filter { !add(newFields[$0]) }
        }

        /// Appends an input field; false (and no change) when a member of that name exists already.
        @discardableResult
        public mutating func add(_ field: SchemaInputValue) -> Bool {
            guard record(field.name, .inputFields, at: inputFields.count) else { return false }
            inputFields.append(field)
            return true
        }

        /// Appends the input fields whose names are new, as `add` one by one would.
        public mutating func add(contentsOf newFields: [SchemaInputValue]) {
            inputFields.reserveCapacity(inputFields.count + newFields.count)
            reserveIndex(for: newFields.count)
            for field in newFields { add(field) }
        }

        /// Appends an enum value; false (and no change) when a member of that name exists already.
        @discardableResult
        public mutating func add(_ value: SchemaEnumValue) -> Bool {
            guard record(value.name, .enumValues, at: enumValues.count) else { return false }
            enumValues.append(value)
            return true
        }

        /// Records a member about to be appended at `position` of `list`; false when the name is taken.
        private mutating func record(_ name: String, _ list: MemberIndex.List, at position: Int) -> Bool {
            let (fields, inputFields, enumValues) = (fields, inputFields, enumValues)
            return index.insert(name, list: list, position: position) { SchemaType.memberName($0, $1, fields, inputFields, enumValues) }
        }

        /// Grows the index, if needed, to take `additional` more members.
        private mutating func reserveIndex(for additional: Int) {
            let (fields, inputFields, enumValues) = (fields, inputFields, enumValues)
            index.reserve(additional) { SchemaType.memberName($0, $1, fields, inputFields, enumValues) }
        }
    }
}
