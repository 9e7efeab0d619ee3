/// A named type of the schema: scalar, object, interface, union, enum or input object.
///
/// Types are immutable and shared by reference, since every stage hands them around; synthesis
/// and loading put them together with a `Builder`. Members keep declaration order and are found
/// by name through an index.
public final class SchemaType: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case scalar, object, interface, union
        case enumType = "enum"
        case inputObject = "input"
    }

    public let kind: Kind
    public let name: String
    public let description: String?
    public let directives: [DirectiveUse]
    public let origin: Origin
    /// Interfaces an object or interface type implements.
    public let interfaces: [String]
    /// Member types of a union.
    public let possibleTypes: [String]
    /// Fields of an object or interface type.
    public let fields: [SchemaField]
    /// Fields of an input object type.
    public let inputFields: [SchemaInputValue]
    /// Values of an enum type.
    public let enumValues: [SchemaEnumValue]
    /// Each member's position in its list, by name.
    private let positions: [String: Int]

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
        kind = builder.kind
        name = builder.name
        description = builder.description
        directives = builder.directives
        origin = builder.origin
        interfaces = builder.interfaces
        possibleTypes = builder.possibleTypes
        fields = builder.fields
        inputFields = builder.inputFields
        enumValues = builder.enumValues
        positions = builder.positions
    }

    public func field(named name: String) -> SchemaField? {
        guard kind == .object || kind == .interface, let position = positions[name] else { return nil }
        return Builder.member(named: name, at: position, in: fields)
    }

    public func inputField(named name: String) -> SchemaInputValue? {
        guard kind == .inputObject, let position = positions[name] else { return nil }
        return Builder.member(named: name, at: position, in: inputFields)
    }

    public func enumValue(named name: String) -> SchemaEnumValue? {
        guard kind == .enumType, let position = positions[name] else { return nil }
        return Builder.member(named: name, at: position, in: enumValues)
    }

    /// Whether a field, input field or enum value of this name exists.
    public func hasMember(_ name: String) -> Bool { positions[name] != nil }

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
        fileprivate private(set) var positions: [String: Int] = [:]

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
            self.init(kind: type.kind, name: type.name, description: type.description, directives: type.directives,
                      origin: type.origin, interfaces: type.interfaces, possibleTypes: type.possibleTypes)
            fields = type.fields
            inputFields = type.inputFields
            enumValues = type.enumValues
            positions = type.positions
        }

        /// The finished type.
        public func build() -> SchemaType { SchemaType(self) }

        public func field(named name: String) -> SchemaField? {
            positions[name].flatMap { Self.member(named: name, at: $0, in: fields) }
        }

        /// Appends a field; false (and no change) when a member of that name exists already.
        @discardableResult
        public mutating func add(_ field: SchemaField) -> Bool {
            guard record(field.name, at: fields.count) else { return false }
            fields.append(field)
            return true
        }

        /// Appends the fields whose names are new and returns the positions (in `newFields`) of
        /// those whose name was taken, which are left out.
        @discardableResult
        public mutating func add(contentsOf newFields: [SchemaField]) -> [Int] {
            fields.reserveCapacity(fields.count + newFields.count)
            positions.reserveCapacity(positions.count + newFields.count)
            return newFields.indices.filter { !add(newFields[$0]) }
        }

        /// Appends an input field; false (and no change) when a member of that name exists already.
        @discardableResult
        public mutating func add(_ field: SchemaInputValue) -> Bool {
            guard record(field.name, at: inputFields.count) else { return false }
            inputFields.append(field)
            return true
        }

        /// Appends the input fields whose names are new, as `add` one by one would.
        public mutating func add(contentsOf newFields: [SchemaInputValue]) {
            inputFields.reserveCapacity(inputFields.count + newFields.count)
            positions.reserveCapacity(positions.count + newFields.count)
            for field in newFields { add(field) }
        }

        /// Appends an enum value; false (and no change) when a member of that name exists already.
        @discardableResult
        public mutating func add(_ value: SchemaEnumValue) -> Bool {
            guard record(value.name, at: enumValues.count) else { return false }
            enumValues.append(value)
            return true
        }

        /// Records a member about to be appended at `position`; false when the name is taken.
        private mutating func record(_ name: String, at position: Int) -> Bool {
            // One hash for the common case, a new name; a repeated one gets its first position back.
            guard let first = positions.updateValue(position, forKey: name) else { return true }
            positions[name] = first
            return false
        }

        /// The member at `position` when it is the one called `name` (positions are shared by the
        /// lists, so a name may belong to another list).
        fileprivate static func member<Member: NamedMember>(named name: String, at position: Int, in list: [Member]) -> Member? {
            guard position < list.count, list[position].name == name else { return nil }
            return list[position]
        }
    }
}

/// A member of a type's field, input field or enum value list.
protocol NamedMember {
    var name: String { get }
}

extension SchemaField: NamedMember {}
extension SchemaInputValue: NamedMember {}
extension SchemaEnumValue: NamedMember {}
