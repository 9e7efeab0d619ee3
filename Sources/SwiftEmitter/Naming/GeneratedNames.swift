import GraphQL

/// The Swift names Firebase's generator derives from connector ids, operations, tables and
/// selections (docs/generated-code.md, "Naming"). Every renderer takes names from here.
public enum GeneratedNames {
    /// `city-library` → `CityLibrary`: the prefix of the three source files.
    public static func filePrefix(connectorId: String) -> String { CaseConversion.upperCamel(connectorId) }

    /// `city-library` → `CityLibraryConnector`.
    public static func connectorClass(connectorId: String) -> String {
        CaseConversion.upperCamel(connectorId) + "Connector"
    }

    /// `city-library` → `cityLibraryConnector` (the `DataConnect` static property).
    public static func connectorAccessor(connectorId: String) -> String {
        CaseConversion.lowerCamel(connectorId) + "Connector"
    }

    /// `AddBook` + mutation → `AddBookMutation`; the suffix is always appended.
    public static func operationClass(operationName: String, kind: OperationType) -> String {
        CaseConversion.upperCamel(operationName) + kind.classSuffix
    }

    /// `AddBookMutation` → `addBookMutation` (the connector's property).
    public static func connectorProperty(operationClass: String) -> String {
        CaseConversion.lowerCamel(operationClass)
    }

    /// `Book` → `BookKey`: the type name is used as written.
    public static func keyStruct(table: String) -> String { table + "Key" }

    /// `ActorMainActors` → `actorMainActorsKey`: the key property of a selection struct.
    public static func keyProperty(nestedStruct: String) -> String {
        CaseConversion.lowerCamel(nestedStruct) + "Key"
    }

    /// The name Firebase gives the struct of an object selection: the GraphQL type name, plus
    /// `UpperCamel(alias)` when the field is aliased (`metadata: movieMetadatas_on_movie` →
    /// `MovieMetadataMetadata`).
    public static func preferredNestedStruct(typeName: String, alias: String?) -> String {
        guard let alias else { return typeName }
        return typeName + CaseConversion.upperCamel(alias)
    }

    /// The struct name for an object selection for which `isTaken` is false (it is true for
    /// siblings, enclosing types, properties of the enclosing struct and types the generated code
    /// refers to). Firebase's name is used when free; otherwise `<Type><UpperCamel(responseKey)>`, then
    /// a numeric suffix. Firebase's output does not compile in those cases, so no
    /// app depends on the name.
    public static func nestedStruct(typeName: String, alias: String?, fieldName: String, isTaken: (String) -> Bool) -> String {
        let preferred = preferredNestedStruct(typeName: typeName, alias: alias)
        if !isTaken(preferred) { return preferred }
        let qualified = typeName + CaseConversion.upperCamel(alias ?? fieldName)
        if !isTaken(qualified) { return qualified }
        var counter = 2
        while isTaken(qualified + String(counter)) { counter += 1 }
        return qualified + String(counter)
    }
}

extension OperationType {
    /// The suffix of the generated class name.
    var classSuffix: String {
        switch self {
        case .query: "Query"
        case .mutation: "Mutation"
        case .subscription: "Subscription"
        }
    }
}
