import { z } from './z.js';
import { emailField, honeypotField } from './fields.js';
import { newPasswordField, PASSWORD_MAX } from './passwords.js';
import { usernameField } from './users.js';

export const loginSchema = z.object({
  email: emailField('Please enter a valid email address'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(PASSWORD_MAX, `Password cannot exceed ${PASSWORD_MAX} characters`),
});
export type LoginInput = z.input<typeof loginSchema>;

/** The wire form of login: OAuth2-style form fields, `username` holding the email (product.md §7). */
export const loginFormBodySchema = z.object({
  username: loginSchema.shape.email,
  password: loginSchema.shape.password,
});

export const registerSchema = z.object({
  username: usernameField,
  email: emailField('Please enter a valid email address'),
  password: newPasswordField,
  website: honeypotField,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const signupFormSchema = registerSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type SignupFormInput = z.input<typeof signupFormSchema>;

export const emailQuerySchema = z.object({ email: emailField('Invalid email address') });
export const forgotPasswordSchema = emailQuerySchema;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** POST /auth/sign-in-link: the email in a JSON body; the answer is the same 202 for any address. */
export const signInLinkRequestSchema = z.object({ email: emailField('Invalid email address') });
export type SignInLinkRequestInput = z.input<typeof signInLinkRequestSchema>;

export const resetPasswordSchema = z.object({ new_password: newPasswordField });

export const resetPasswordFormSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

export const updatePasswordSchema = z.object({
  current_password: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  new_password: newPasswordField,
});
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

export const changePasswordFormSchema = updatePasswordSchema
  .extend({ confirm_password: z.string().min(1, 'Please confirm your password') })
  .refine((v) => v.new_password === v.confirm_password, {
    message: 'Passwords do not match',
    path: ['confirm_password'],
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

export const checkPasswordSchema = z.object({
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export const checkPasswordResponseSchema = z.object({ valid: z.boolean() });

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  is_admin: z.boolean(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshQuerySchema = z.object({ refresh_token: z.string().min(1).max(200) });

/** `accessToken` is the spec's name; the snake_case twins serve clients of the login shape. */
export const refreshResponseSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const tokenParamSchema = z.object({ token: z.string().min(1).max(200) });
