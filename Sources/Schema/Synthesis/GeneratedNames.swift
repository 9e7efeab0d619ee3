/// Names and type references of one entity's generated types, those used often made once per run (not a string per use);
/// a class, so handing it around costs one reference count rather than one per member.
final class EntityTypeNames: Sendable {
    let entity: TypeRef
    let entityList: TypeRef
    let filter: TypeRef
    let listFilter: TypeRef
    let order: TypeRef
    let having: TypeRef
    let data: TypeRef
    let dataList: TypeRef
    let key: TypeRef
    var filterList: TypeRef { .list(.nonNull(filter)) }
    var orderList: TypeRef { .list(.nonNull(order)) }
    var havingList: TypeRef { .list(.nonNull(having)) }
    var firstRow: TypeRef { .named(entity.namedType + "_FirstRow") }
    var keyOutput: TypeRef { .named(entity.namedType + "_KeyOutput") }
    /// `LIST_ARGS` over this entity, shared by its list query and every relation through it.
    let listArguments: [SchemaInputValue]

    init(_ name: String) {
        entity = .named(name)
        entityList = .nonNull(.list(.nonNull(.named(name))))
        filter = .named(name + "_Filter")
        listFilter = .named(name + "_ListFilter")
        order = .named(name + "_Order")
        having = .named(name + "_Having")
        data = .named(name + "_Data")
        dataList = .list(.nonNull(data))
        key = .named(name + "_Key")
        listArguments = GeneratedArguments.list(filter: filter, orderList: .list(.nonNull(order)), having: having)
    }
}

/// Type references derived from a column's base type (built-in scalar or user enum); a class, as `EntityTypeNames`.
final class ColumnTypeNames: Sendable {
    let base: TypeRef
    /// `[Base!]`, the list form used in `_Data` and filters.
    let baseList: TypeRef
    let filter: TypeRef
    let listFilter: TypeRef
    /// `Base_Expr`, when the base has a CEL expression scalar.
    let expr: TypeRef?
    /// `[Base_Update!]` for numbers, dates and timestamps.
    let update: TypeRef?
    /// `[Base_ListUpdate!]` for lists of the scalars that support list updates.
    let listUpdate: TypeRef?

    init(_ name: String, isEnum: Bool) {
        base = .named(name)
        baseList = .list(.nonNull(base))
        filter = .named(name + "_Filter")
        listFilter = .named(name + "_ListFilter")
        // The prelude declares which scalars have these helper types.
        let builtin = { (suffix: String) in Prelude.schema.type(named: name + suffix) != nil }
        expr = isEnum || builtin("_Expr") ? .named(name + "_Expr") : nil
        update = builtin("_Update") ? .list(.nonNull(.named(name + "_Update"))) : nil
        listUpdate = builtin("_ListUpdate") ? .list(.nonNull(.named(name + "_ListUpdate"))) : nil
    }
}

/// The name tables of one run.
struct GeneratedNames {
    private var entities: [String: EntityTypeNames] = [:]
    private var columns: [String: ColumnTypeNames] = [:]

    init(entities entityNames: [String], enums: [String]) {
        for name in entityNames where entities[name] == nil { entities[name] = EntityTypeNames(name) }
        for name in BuiltinName.columnScalars where columns[name] == nil { columns[name] = ColumnTypeNames(name, isEnum: false) }
        for name in enums where columns[name] == nil { columns[name] = ColumnTypeNames(name, isEnum: true) }
    }

    init() {}

    func entity(_ name: String) -> EntityTypeNames { entities[name] ?? EntityTypeNames(name) }
    func column(_ base: String) -> ColumnTypeNames { columns[base] ?? ColumnTypeNames(base, isEnum: false) }
}
