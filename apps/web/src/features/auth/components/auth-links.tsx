import { Link } from 'react-router';

const LINK = 'font-medium text-primary underline-offset-4 hover:underline';

export function SignUpPrompt() {
  return (
    <p>
      Don&apos;t have an account?{' '}
      <Link to="/auth/signup" className={LINK}>
        Sign up
      </Link>
    </p>
  );
}

export function SignInPrompt() {
  return (
    <p>
      Already have an account?{' '}
      <Link to="/auth/signin" className={LINK}>
        Sign in
      </Link>
    </p>
  );
}

export function BackToLoginLink() {
  return (
    <Link to="/auth/signin" className={LINK}>
      Back to Login
    </Link>
  );
}
