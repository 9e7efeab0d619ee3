/// A named type of the schema: scalar, object, interface, union, enum or input object.
///
/// Members are kept in declaration order with a name index, so both printing and lookups are cheap.
public struct SchemaType: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case scalar, object, interface, union
        case enumType = "enum"
        case inputObject = "input"
    }

    public let kind: Kind
    public let name: String
    public var description: String?
    public var directives: [DirectiveUse]
    public var origin: Origin
    /// Interfaces an object or interface type implements.
    public var interfaces: [String]
    /// Member types of a union.
    public var possibleTypes: [String]
    /// Fields of an object or interface type.
    public private(set) var fields: [SchemaField] = []
    /// Fields of an input object type.
    public private(set) var inputFields: [SchemaInputValue] = []
    /// Values of an enum type.
    public private(set) var enumValues: [SchemaEnumValue] = []
    private var index: [MemberName: Int] = [:]

    public init(
        kind: Kind, name: String, description: String? = nil, directives: [DirectiveUse] = [],
        origin: Origin = .builtin, interfaces: [String] = [], possibleTypes: [String] = []
    ) {
        self.kind = kind
        self.name = name
        self.description = description
        self.directives = directives
        self.origin = origin
        self.interfaces = interfaces
        self.possibleTypes = possibleTypes
    }

    /// Sets all members at once (faster than adding one by one); a member whose name repeats an
    /// earlier one is dropped, as `add` would do.
    mutating func setMembers(fields: [SchemaField] = [], inputFields: [SchemaInputValue] = []) {
        index.reserveCapacity(fields.count + inputFields.count)
        var unique = true
        for position in fields.indices where index.updateValue(position, forKey: MemberName(fields[position].name)) != nil {
            unique = false
        }
        for position in inputFields.indices where index.updateValue(position, forKey: MemberName(inputFields[position].name)) != nil {
            unique = false
        }
        guard unique else {
            index = [:]
            self.fields = []
            self.inputFields = []
            for field in fields { add(field) }
            for field in inputFields { add(field) }
            return
        }
        self.fields = fields
        self.inputFields = inputFields
    }

    public func field(named name: String) -> SchemaField? {
        guard kind == .object || kind == .interface, let position = index[MemberName(name)] else { return nil }
        return fields[position]
    }

    public func inputField(named name: String) -> SchemaInputValue? {
        guard kind == .inputObject, let position = index[MemberName(name)] else { return nil }
        return inputFields[position]
    }

    public func enumValue(named name: String) -> SchemaEnumValue? {
        guard kind == .enumType, let position = index[MemberName(name)] else { return nil }
        return enumValues[position]
    }

    /// Whether a field, input field or enum value of this name exists.
    public func hasMember(_ name: String) -> Bool { index[MemberName(name)] != nil }

    public func directive(named name: String) -> DirectiveUse? { directives.first { $0.name == name } }
    public func hasDirective(_ name: String) -> Bool { directive(named: name) != nil }

    /// Appends a field; false (and no change) when a member of that name exists already.
    @discardableResult
    public mutating func add(_ field: SchemaField) -> Bool {
        guard index[MemberName(field.name)] == nil else { return false }
        index[MemberName(field.name)] = fields.count
        fields.append(field)
        return true
    }

    /// Appends fields whose names are new and returns the positions (in `newFields`) of those whose
    /// name was taken, which are left out.
    @discardableResult
    public mutating func add(contentsOf newFields: [SchemaField]) -> [Int] {
        var rejected: [Int] = []
        index.reserveCapacity(index.count + newFields.count)
        for position in newFields.indices {
            let key = MemberName(newFields[position].name)
            if index[key] == nil {
                index[key] = fields.count + position - rejected.count
            } else {
                rejected.append(position)
            }
        }
        if rejected.isEmpty {
            if fields.isEmpty { fields = newFields } else { fields.append(contentsOf: newFields) }
        } else {
            let skip = Set(rejected)
            fields.append(contentsOf: newFields.indices.lazy.filter { !skip.contains($0) }.map { newFields[$0] })
        }
        return rejected
    }

    /// Appends an input field; false (and no change) when a member of that name exists already.
    @discardableResult
    public mutating func add(_ field: SchemaInputValue) -> Bool {
        guard index[MemberName(field.name)] == nil else { return false }
        index[MemberName(field.name)] = inputFields.count
        inputFields.append(field)
        return true
    }

    /// Appends an enum value; false (and no change) when a value of that name exists already.
    @discardableResult
    public mutating func add(_ value: SchemaEnumValue) -> Bool {
        guard index[MemberName(value.name)] == nil else { return false }
        index[MemberName(value.name)] = enumValues.count
        enumValues.append(value)
        return true
    }

    mutating func apply(_ body: (inout SchemaType) -> Void) { body(&self) }
}

/// A member name as a dictionary key with a cheaper hash than `String`'s: FNV-1a over the UTF-8
/// bytes, fed to the hasher as one integer. Types hold tens of thousands of generated members.
struct MemberName: Hashable, Sendable {
    let name: String
    private let digest: UInt64

    init(_ name: String) {
        self.name = name
        digest = name.utf8.withContiguousStorageIfAvailable(Self.fnv1a) ?? Self.fnv1a(Array(name.utf8))
    }

    private static func fnv1a<Bytes: Collection>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func == (lhs: MemberName, rhs: MemberName) -> Bool { lhs.digest == rhs.digest && lhs.name == rhs.name }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    // Dictionaries call this directly; mixing the digest with the per-table seed skips the full
    // hasher round for each of the many lookups.
    func _rawHashValue(seed: Int) -> Int {
        var mixed = digest ^ UInt64(bitPattern: Int64(seed))
        mixed = (mixed ^ (mixed >> 33)) &* 0xff51_afd7_ed55_8ccd
        mixed = (mixed ^ (mixed >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 33))
    }
}
