// Generated from config/schema/endpoints.schema.json by npm run config:schema — edit the schema, not this file.

/**
 * 客户端可调用的全部接口。键是 /api/ 之后的路径，{id} 形式的段是路径参数。
 */
export interface EndpointsFile {
  /**
   * 接口名 -> 接口定义。
   */
  endpoints: {
    [k: string]: Endpoint;
  };
}
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * 为 true 时必须携带有效令牌。
   */
  auth?: boolean;
  /**
   * 需要登录（auth: true）时必填：只允许该角色的账号调用（其他角色得到 403）；any = 每个已登录账号，不分角色（退出登录、当前用户、修改密码这类每种账号都用的接口）。
   */
  role?: 'student' | 'teacher' | 'admin' | 'platform' | 'any';
  /**
   * 为 true 时，密码被管理员设置（重置、导入、新建）而尚未修改的账号也可调用；其他需要登录的接口对这种账号一律拒绝（403），直到改密。
   */
  passwordPending?: boolean;
  /**
   * form = application/x-www-form-urlencoded，multipart 用于上传。
   */
  body?: 'form' | 'json' | 'multipart' | 'query';
  /**
   * 接口用途的中文简述。
   */
  summary?: string;
  /**
   * 为 true 时测试会检查服务端确实提供该接口。
   */
  implemented?: boolean;
}
