// App code using names that collide with Swift keywords, Swift types and members of the generated
// code (the NameClashes connector of GeneratedPackageCompileTests).

import SDKGenDataConnect
import NameClashes

@MainActor
func useNameClashes() async throws {
    let result = try await DataConnect.testConnConnector.qQuery.execute(encode: "e") {
        $0.hash = "h"
        $0.CodingKeys = "c"
        $0.kind = .Type
    }
    let rows = result.data?.datas ?? []
    let kinds: [Kind?] = rows.map(\.kind)
    let nested: [[OptionalKey]] = rows.map { $0.optionals_on_data.map(\.optionalOptionalsOnDataKey) }
    _ = (kinds, nested, rows.first?.CodingKeys, rows.first?.hash)
    let unidentified = try await DataConnect.testConnConnector.rQuery.execute().data?.optionals ?? []
    _ = (Set(unidentified).count, unidentified.first?.id?.hash)
    let wildcards = try await DataConnect.testConnConnector.uQuery.execute(`_`: 1).data?.datas ?? []
    let hashes: [String] = wildcards.map(\.`_`)
    let ids = try await DataConnect.testConnConnector.vQuery.execute { $0.`_` = .`_` }.data?.datas.map(\.id)
    _ = (hashes, ids)
}

